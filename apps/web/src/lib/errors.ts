import { errorKeyOfCode, errorMessageOf as errorTableText, type ErrorKey } from '@clube/shared';
import { isApiError } from './http-client';

/**
 * An API failure in Portuguese, for both apps of the bundle: the shared error table's text of
 * the body's code with its `params` filled (the sentence the API itself answers), the caller's
 * fallback for anything else. The table is the same in either realm, so nothing here reads an
 * app's i18n instance.
 */

/** The shared error key for an API failure, when the server answered with a known code. */
export function errorKeyOf(error: unknown): ErrorKey | null {
  if (!isApiError(error) || !error.code) return null;
  return errorKeyOfCode(error.code);
}

/** The string and number values of an error body's `params` (anything else is dropped). */
export function errorParamsFrom(value: unknown): Record<string, string | number> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/** The table's text of an error code, its `{{placeholders}}` filled from `params`; `fallback` for a code that is none of ours. */
export function errorTextOfCode(code: string, params: unknown, fallback: string): string {
  const key = errorKeyOfCode(code);
  return key ? errorTableText(key, errorParamsFrom(params)) : fallback;
}

/**
 * The Portuguese sentence for an API failure: its code's text with the body's values;
 * PermissionDenied's for a 403 without a known code; `fallback` (already translated) for anything
 * else or no response. Every toast and alert of a failed action goes through here.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  // A refusal for the role never reads as a failure of the action: a 403 of any other body (a
  // proxy's, an older server's) says what PermissionDenied says.
  const code = error.code && errorKeyOfCode(error.code) ? error.code : null;
  if (!code) return error.status === 403 ? errorTableText('PermissionDenied', {}) : fallback;
  return errorTextOfCode(code, (error.data as { params?: unknown } | null)?.params, fallback);
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
