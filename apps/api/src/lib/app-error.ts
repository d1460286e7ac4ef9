import {
  errorCodeOf,
  errorDefinitions,
  errorMessageOf,
  type ApiErrorKey,
  type ErrorParamName,
  type ErrorParams,
} from '@clube/shared';

/** What a throw may add to its key: `details` (field problems, failures…) and, when the key's
 * text has placeholders, their values. */
type ErrorOptions = { details?: unknown };

/**
 * The arguments after the key: a key whose text has `{{placeholders}}` requires `params` with
 * exactly those names; any other key takes none. No free text: the message is the table's.
 */
export type AppErrorArgs<Key extends ApiErrorKey> = [ErrorParamName<Key>] extends [never]
  ? [options?: ErrorOptions]
  : [options: ErrorOptions & { params: ErrorParams<Key> }];

/**
 * The one error type the API throws; the error handler turns it into the wire body. Its message
 * is always the shared table's text for the key (docs/ARCHITECTURE.md, Errors).
 */
export class AppError<Key extends ApiErrorKey = ApiErrorKey> extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly params: Record<string, string | number> | undefined;
  readonly details: unknown;

  constructor(
    readonly key: Key,
    ...[options]: AppErrorArgs<Key>
  ) {
    const params = options && 'params' in options ? options.params : undefined;
    super(errorMessageOf(key, params));
    this.name = 'AppError';
    this.statusCode = errorDefinitions[key].status;
    this.code = errorCodeOf(key);
    this.params = params;
    this.details = options?.details;
  }
}

/** A key and its params as data (a booking failure, say), to throw later with `appErrorOf`. */
export type ErrorOf = {
  [Key in ApiErrorKey]: [ErrorParamName<Key>] extends [never]
    ? { key: Key; params?: undefined }
    : { key: Key; params: ErrorParams<Key> };
}[ApiErrorKey];

/** The AppError of an `ErrorOf`, with optional details. */
export function appErrorOf(error: ErrorOf, details?: unknown): AppError {
  return new (
    AppError as new (
      key: ApiErrorKey,
      options?: { params?: Record<string, string | number>; details?: unknown },
    ) => AppError
  )(error.key, { params: error.params, details });
}
