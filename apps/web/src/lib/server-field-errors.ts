import { isApiError } from './api-client';

export type ServerFieldError = { path: string; message: string };

/**
 * The field errors of a 400 ValidationError (`details: [{ in, path, message }]`), so a form can
 * put the server's verdict under the field it concerns.
 */
export function serverFieldErrorsOf(error: unknown): ServerFieldError[] {
  if (!isApiError(error)) return [];
  const details = (error.data as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null) return [];
    const { path, message } = detail as Record<string, unknown>;
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}
