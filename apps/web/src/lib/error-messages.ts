import { isApiError } from './api-client';
import { errorKeyOf, errorTextOf } from './error-codes';
import { i18n } from './i18n';

export { errorKeyOf };

/**
 * The Portuguese sentence for an API failure, from the one table in the `errors` section of the
 * pt resource (the shared error table) with the body's `params` filled in; `fallback` (already
 * translated) when the code is unknown or there was no response.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  return errorTextOf(i18n, error, fallback);
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
