import { isApiError } from './api-client';

type FieldError = { path: string; message: string };

/**
 * The field problems of a 400 answer (`details: [{ path, message }]`), limited to the fields a
 * form has, so each message can be shown under its own field.
 */
export function serverFieldErrorsOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Array<{ field: Field; message: string }> {
  if (!isApiError(error) || error.status !== 400) return [];
  const details = (error.data as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return [];
  return (details as FieldError[])
    .filter((detail) => fields.includes(detail.path as Field))
    .map((detail) => ({ field: detail.path as Field, message: detail.message }));
}
