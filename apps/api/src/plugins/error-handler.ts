import {
  errorCodeOf,
  errorDefinitions,
  errorMessageOf,
  type ApiErrorKey,
  type ErrorBody,
  type ErrorKeyWithoutParams,
} from '@clube/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/**
 * The one place a failure becomes a body: `message` is always the shared table's text for the
 * key, filled with `params` (which the body carries too, so a client can show its own copy).
 */
function sendBody(
  reply: FastifyReply,
  key: ApiErrorKey,
  options: { params?: Record<string, string | number>; details?: unknown } = {},
) {
  const statusCode = errorDefinitions[key].status;
  const { params, details } = options;
  const body: ErrorBody = {
    statusCode,
    error: errorCodeOf(key),
    message: errorMessageOf(key, params),
    ...(params === undefined ? {} : { params }),
    ...(details === undefined ? {} : { details: details as ErrorBody['details'] }),
  };
  return reply.status(statusCode).send(body);
}

/** Answers an AppError outside the error handler (a hook that replies itself). */
export function sendAppError(reply: FastifyReply, error: AppError) {
  return sendBody(reply, error.key, { params: error.params, details: error.details });
}

/**
 * Failures Fastify answers before a route is found (a path parameter over the router's length, a
 * URL it cannot decode), in the one body shape instead of Fastify's own, which echoes the URL.
 */
export function sendFrameworkError(_error: FastifyError, _request: unknown, reply: FastifyReply) {
  return sendBody(reply, 'MalformedRequest');
}

function sendError(
  reply: FastifyReply,
  key: ApiErrorKey & ErrorKeyWithoutParams,
  details?: unknown,
) {
  return sendBody(reply, key, { details });
}

/** SQLSTATE of a database error, which drivers and Drizzle wrap at various depths. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Unique constraints whose violation is a failure of its own, with its own key and text. */
const keyByUniqueConstraint: Partial<Record<string, ApiErrorKey & ErrorKeyWithoutParams>> = {
  associates_company_card_unique: 'AssociateCardTaken',
  associates_company_cpf_unique: 'AssociateCpfTaken',
  categories_company_name_unique: 'CategoryNameTaken',
  places_company_name_unique: 'PlaceNameTaken',
  special_days_scope_date: 'SpecialDayExists',
};

/** Exclusion and check constraints (and their triggers) whose violation has its own key. */
const keyByConstraint: Partial<Record<string, ApiErrorKey & ErrorKeyWithoutParams>> = {
  place_parts_bookings_overlap: 'PlacePartsBookingsOverlap',
  place_parts_not_itself: 'PlacePartIsItself',
  place_parts_one_level: 'PlacePartsNested',
  place_parts_same_club: 'PlacePartOfAnotherClub',
};

function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const keyByHttpStatus: Record<number, ApiErrorKey & ErrorKeyWithoutParams> = {
  400: 'MalformedRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  406: 'MalformedRequest',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

/**
 * Every error leaves as `{ statusCode, error, message, details? }` (docs/domain.md, Errors on the
 * wire). Nothing of a stack trace, SQL or driver message ever reaches a client.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          in: error.validationContext,
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message,
        }));
        return sendError(reply, 'ValidationError', details);
      }
      if (error instanceof AppError) {
        const retryAfter = (error.details as { retryAfterSeconds?: number } | undefined)
          ?.retryAfterSeconds;
        if (retryAfter) reply.header('retry-after', String(retryAfter));
        return sendAppError(reply, error);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response does not match its schema');
        return sendError(reply, 'InternalServerError');
      }

      const sqlState = sqlStateOf(error);
      if (sqlState) {
        const own = keyByConstraint[constraintOf(error) ?? ''];
        if (own && (sqlState === '23P01' || sqlState === '23514')) return sendError(reply, own);
        if (sqlState === '23P01') return sendError(reply, 'TimeAlreadyTaken');
        if (sqlState === '23505')
          return sendError(reply, keyByUniqueConstraint[constraintOf(error) ?? ''] ?? 'Conflict');
        if (sqlState === '23503') return sendError(reply, 'RecordReferenced');
        // Two transactions locking the same rows in opposite orders (a deadlock) or a
        // serialization failure: the database rolled this one back whole; trying again succeeds.
        if (sqlState === '40P01' || sqlState === '40001') {
          request.log.warn({ err: error }, 'transaction rolled back by the database; retryable');
          reply.header('retry-after', '1');
          return sendError(reply, 'ServerBusy');
        }
        // Invalid text representation, out of range, check violations: the client's input.
        if (/^22|^23514$/.test(sqlState)) return sendError(reply, 'ValidationError');
      }

      // A JSON body past its route's limit: not a file, so not PayloadTooLarge's text.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return sendError(reply, 'RequestBodyTooLarge');
      const status = error.statusCode;
      if (status && status >= 400 && status < 500) {
        return sendError(reply, keyByHttpStatus[status] ?? 'MalformedRequest');
      }

      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 'InternalServerError');
    });
  },
  { name: 'error-handler' },
);
