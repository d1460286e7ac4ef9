import type { Company, Session } from '@clube/shared';

/**
 * The session and the current club, checked by hand instead of with their zod schemas
 * (`sessionSchema`, `companySchema`): the route guards read them before any page renders, and
 * zod is too heavy for that first load. Same rules as the schemas (stored-shapes.test.ts holds
 * them side by side): the same types, an RFC 9562 uuid as `id`, unknown keys dropped.
 */

/** zod 4's `z.uuid()` pattern. */
const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** An ISO 8601 instant in UTC, as the API writes them (`Date.toISOString()`). */
const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isUuid = (value: unknown): value is string => isString(value) && uuidPattern.test(value);
const isInstant = (value: unknown): value is string =>
  isString(value) && isoInstantPattern.test(value);

/** A session as the API answers it and as it is stored, or null when it is not one. */
export function parseSession(value: unknown): Session | null {
  if (!isObject(value) || !isString(value.access_token) || !isString(value.refresh_token)) {
    return null;
  }
  const user = value.user;
  if (!isObject(user) || !isUuid(user.id) || !isString(user.name) || !isString(user.cpf)) {
    return null;
  }
  if (user.mustChangePassword !== undefined && typeof user.mustChangePassword !== 'boolean') {
    return null;
  }
  return {
    access_token: value.access_token,
    refresh_token: value.refresh_token,
    user: {
      id: user.id,
      name: user.name,
      cpf: user.cpf,
      // A session stored before the flag existed used a password of the person's own.
      mustChangePassword: user.mustChangePassword ?? false,
    },
  };
}

/** A club as stored once chosen, or null when it is not one. */
export function parseCompany(value: unknown): Company | null {
  if (!isObject(value) || !isUuid(value.id) || !isString(value.name)) return null;
  if (!isString(value.timezone) || !(value.logoUrl === null || isString(value.logoUrl))) {
    return null;
  }
  if (!isInstant(value.createdAt) || !isInstant(value.updatedAt)) return null;
  return {
    id: value.id,
    name: value.name,
    logoUrl: value.logoUrl,
    timezone: value.timezone,
    // A club stored before the no-show policy existed has none: the server's defaults until the
    // club list is read again.
    noShowToleranceMinutes: integerOr(value.noShowToleranceMinutes, 15),
    noShowSuspensionCount:
      value.noShowSuspensionCount === null
        ? null
        : integerOr(value.noShowSuspensionCount, 0) || null,
    noShowWindowDays: integerOr(value.noShowWindowDays, 30),
    noShowSuspensionDays: integerOr(value.noShowSuspensionDays, 7),
    reminderHours:
      typeof value.reminderHours === 'number' && Number.isInteger(value.reminderHours)
        ? value.reminderHours
        : null,
    waitlistOfferMinutes: integerOr(value.waitlistOfferMinutes, 15),
    waitlistMaxPerTitle: integerOr(value.waitlistMaxPerTitle, 3),
    createdAt: value.createdAt,
    updatedAt: value.updatedAt,
  };
}

const integerOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) ? value : fallback;
