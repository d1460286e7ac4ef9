import type { ErrorKey } from '@clube/shared';
import { errorKeyOf, errorTextOf, errorTextOfCode } from '@/lib/error-codes';
import { portalI18n } from './i18n';

/** The shared error key of an API failure, when the server answered with a known code. */
export function portalErrorKeyOf(error: unknown): ErrorKey | null {
  return errorKeyOf(error);
}

/** The Portuguese sentence for an API failure (the shared table), or `fallback` when unknown. */
export function portalErrorMessageOf(error: unknown, fallback: string): string {
  return errorTextOf(portalI18n, error, fallback);
}

/** A failing rule's text for the member: the code's text with its values, then the reason. */
export function portalFailureText(failure: {
  code: string;
  message: string;
  params?: Record<string, string | number>;
  reason?: string;
}): string {
  const text = errorTextOfCode(portalI18n, failure.code, failure.params, failure.message);
  if (!failure.reason) return text;
  return `${text} ${portalI18n.t('portal.availability.book.refusedReason', { reason: failure.reason })}`;
}
