import {
  bookingRefusalSchema,
  dateLabel,
  isBookingRuleKey,
  type BookingFailure,
} from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { isApiError } from '@/lib/http-client';
import { errorTextOfCode } from '@/lib/errors';
import type { Realm } from '@/lib/realm';

/**
 * Every rule a refused booking failed, from the refusal's `details.failures` (a refusal without
 * the list counts as its one failure); none for any other error.
 */
export function failuresOfRefusal(error: unknown): BookingFailure[] {
  if (!isApiError(error)) return [];
  const refusal = bookingRefusalSchema.safeParse(error.data);
  if (!refusal.success) return [];
  const failures = refusal.data.details?.failures ?? [];
  return failures.length > 0
    ? failures
    : [{ code: refusal.data.error, message: refusal.data.message, params: refusal.data.params }];
}

type BookingFailureListProps = {
  failures: BookingFailure[];
  /** The list's heading, in the realm's words. */
  title: string;
  /** Staff read each rule's name before its sentence; members read the sentence alone. */
  realm: Realm;
};

/**
 * The rules a booking fails, the same in the back office and the portal: each code's text from
 * the shared error table (with its values: the minimum age, the booking that causes a waiting
 * period), the block's reason as staff gave it, and the date from which the member may book (for
 * the quota, the day it resets).
 */
export function BookingFailureList({ failures, title, realm }: BookingFailureListProps) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {failures.map((failure) => (
          <li key={failure.code} data-rule={failure.code}>
            {realm === 'backoffice' && isBookingRuleKey(failure.code) && (
              <span className="font-semibold">
                {t(`scheduling.create.rules.${failure.code}`)}:{' '}
              </span>
            )}
            {errorTextOfCode(failure.code, failure.params, failure.message)}
            {failure.reason && (
              <> {t('common.bookingFailure.reason', { reason: failure.reason })}</>
            )}
            {failure.from && (
              <>
                {' '}
                {t(
                  failure.code === 'ReservationsLimitReached'
                    ? 'common.bookingFailure.quotaResets'
                    : 'common.bookingFailure.bookableFrom',
                  { date: dateLabel(failure.from) },
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
