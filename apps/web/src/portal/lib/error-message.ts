import { errorCodeOf, errorDefinitions, type ErrorKey } from '@clube/shared';
import { isApiError } from '@/lib/http-client';
import { portalI18n } from './i18n';

const keyByCode = new Map<string, ErrorKey>(
  (Object.keys(errorDefinitions) as ErrorKey[]).map((key) => [errorCodeOf(key), key]),
);

/** The shared error key of an API failure, when the server answered with a known code. */
export function portalErrorKeyOf(error: unknown): ErrorKey | null {
  if (!isApiError(error) || !error.code) return null;
  return keyByCode.get(error.code) ?? null;
}

/** The Portuguese sentence for an API failure, or `fallback` when the code is unknown. */
export function portalErrorMessageOf(error: unknown, fallback: string): string {
  const key = portalErrorKeyOf(error);
  return key ? portalI18n.t(`errors.${key}`) : fallback;
}
