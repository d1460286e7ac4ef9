import type { PortalWaitlistEntry } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookingFailureList, failuresOfRefusal } from '@/components/booking-failure-list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/errors';
import { useAcceptOffer, useLeaveWaitlist, useRefuseOffer } from '../api/waitlists';
import { formatClock, formatLongDate } from '../lib/format';

type WaitlistEntryCardProps = {
  entry: PortalWaitlistEntry;
  timezone: string;
  memberId: string;
  /** Said once an answer went through (the card may leave the list then). */
  onDone: (message: string) => void;
};

/**
 * One place in a line: where, when, the position or the offer, and the member's answers. An
 * answer leaves the list (the card unmounts), so what it says is told to the page (`onDone`).
 */
export function WaitlistEntryCard({ entry, timezone, memberId, onDone }: WaitlistEntryCardProps) {
  const { t } = useTranslation();
  const accept = useAcceptOffer();
  const refuse = useRefuseOffer();
  const leave = useLeaveWaitlist();
  const [error, setError] = useState<unknown>(null);
  const ref = { id: entry.id, placeId: entry.place.id };
  const isOffered = entry.status === 'OFFERED';
  const busy = accept.isPending || refuse.isPending || leave.isPending;
  const when = t('portal.bookings.when', {
    date: formatLongDate(entry.startsAt, timezone),
    start: formatClock(entry.startsAt, timezone),
    end: formatClock(entry.endsAt, timezone),
  });
  const failures = failuresOfRefusal(error);
  return (
    <article
      className={
        isOffered
          ? 'rounded-xl border-2 border-brand-700 bg-brand-50 p-4 shadow-sm'
          : 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm'
      }
    >
      <h3 className="font-semibold text-slate-900">{entry.place.name}</h3>
      <p className="mt-1 text-slate-700 first-letter:uppercase">{when}</p>
      {entry.associate.id !== memberId && (
        <p className="mt-1 text-sm text-slate-600">
          {t('portal.waitlist.forMember', { name: entry.associate.name })}
        </p>
      )}
      {isOffered && entry.offerExpiresAt ? (
        <p className="mt-2 font-semibold text-brand-800">
          {t('portal.waitlist.offered', { time: formatClock(entry.offerExpiresAt, timezone) })}
        </p>
      ) : (
        <p className="mt-2 text-sm font-medium text-slate-700">
          {t('portal.waitlist.position', { position: entry.position })}
        </p>
      )}
      {error !== null &&
        (failures.length > 0 ? (
          <div className="mt-3">
            <BookingFailureList
              failures={failures}
              title={t('portal.waitlist.failed')}
              realm="portal"
            />
          </div>
        ) : (
          <div className="mt-3">
            <Alert tone="error">{errorMessageOf(error, t('portal.waitlist.failed'))}</Alert>
          </div>
        ))}
      <div className="mt-3 flex flex-wrap gap-2">
        {isOffered && (
          <Button
            disabled={busy}
            onClick={() =>
              accept
                .mutateAsync(ref)
                .then(
                  () =>
                    onDone(
                      t('portal.waitlist.accepted', { summary: `${entry.place.name}, ${when}` }),
                    ),
                  setError,
                )
            }
          >
            {accept.isPending ? t('portal.waitlist.accepting') : t('portal.waitlist.accept')}
          </Button>
        )}
        {isOffered ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              refuse.mutateAsync(ref).then(() => onDone(t('portal.waitlist.refused')), setError)
            }
          >
            {t('portal.waitlist.refuse')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              leave.mutateAsync(ref).then(() => onDone(t('portal.waitlist.left')), setError)
            }
          >
            {t('portal.waitlist.leave')}
          </Button>
        )}
      </div>
    </article>
  );
}
