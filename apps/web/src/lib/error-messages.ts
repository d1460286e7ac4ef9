import { errorCodeOf, errorDefinitions, type ErrorKey } from '@clube/shared';
import { isApiError } from './api-client';
import { i18n } from './i18n';

const keyByCode = new Map<string, ErrorKey>(
  (Object.keys(errorDefinitions) as ErrorKey[]).map((key) => [errorCodeOf(key), key]),
);

/** The shared error key for an API failure, when the server answered with a known code. */
export function errorKeyOf(error: unknown): ErrorKey | null {
  if (!isApiError(error) || !error.code) return null;
  return keyByCode.get(error.code) ?? null;
}

/**
 * The Portuguese sentence for an API failure, from the one table in the `errors` section of the
 * pt resource; `fallback` (already translated) when the code is unknown or there was no response.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  const key = errorKeyOf(error);
  return key ? i18n.t(`errors.${key}`) : fallback;
}

/**
 * Whether a failed read means "no such record": a 404 (NotFound, PlaceNotFound…), or the API's
 * 400 ValidationError for an id in the path that is not even a uuid. A page reading a record
 * named in its URL shows its not-found text for both, never a validation message.
 */
export function isNotFoundError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 404 || (error.status === 400 && errorKeyOf(error) === 'ValidationError');
}
