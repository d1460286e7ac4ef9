import { errorKeyOfCode, type ErrorKey } from '@clube/shared';
import type { i18n as I18n } from 'i18next';
import { isApiError } from './http-client';

/**
 * Error code → text for both apps of the bundle (each passes its own i18n instance, whose
 * `errors` section is the shared error table). Nothing here loads either app's texts.
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

/**
 * The text of an error code from the instance's `errors` section, its `{{placeholders}}` filled
 * from `params`; `fallback` for a code that is none of ours.
 */
export function errorTextOfCode(
  instance: I18n,
  code: string,
  params: unknown,
  fallback: string,
): string {
  const key = errorKeyOfCode(code);
  if (!key) return fallback;
  // The key is only known at run time, so the per-key typing of the values cannot apply here;
  // the API checked them against the same table when it threw.
  const translate = instance.t as (key: string, values: Record<string, string | number>) => string;
  return translate(`errors.${key}`, errorParamsFrom(params));
}

/** The text of an API failure: its code's text with the body's values, else `fallback`. */
export function errorTextOf(instance: I18n, error: unknown, fallback: string): string {
  if (!isApiError(error) || !error.code) return fallback;
  return errorTextOfCode(
    instance,
    error.code,
    (error.data as { params?: unknown } | null)?.params,
    fallback,
  );
}
