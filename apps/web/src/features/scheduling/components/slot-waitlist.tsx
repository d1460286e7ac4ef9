import type { StaffWaitlistEntry } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useBookForEntry, useOfferByHand, useSlotWaitlist, type SheetSlot } from '../api/waitlists';
import { WaitlistJoinForm } from './waitlist-join-form';

type SlotWaitlistProps = {
  companyId: string;
  timezone: string;
  slot: SheetSlot;
  /** Nothing holds the slot: it may be offered or booked for someone in line. */
  isFree: boolean;
  /** After a booking made for someone in line (the dialog closes). */
  onBooked?: () => void;
};

/**
 * The line of a slot as the day sheet's dialogs show it (docs/domain.md, "Waitlists"): who is in
 * it, in order and since when; the front desk offers a free slot to anyone in it by hand, books
 * it for them, or puts another member in line for a taken one. Read when the dialog opens.
 */
export function SlotWaitlist({ companyId, timezone, slot, isFree, onBooked }: SlotWaitlistProps) {
  const { t } = useTranslation();
  const line = useSlotWaitlist(companyId, slot);
  const offer = useOfferByHand(companyId);
  const book = useBookForEntry(companyId);
  const canWrite = useCan('bookings.write');
  const entries = line.data ?? [];
  const isOffered = entries.some((entry) => entry.status === 'OFFERED');
  const headingId = `waitlist-${slot.placeId}-${slot.startsAt}`;

  const offerTo = async (entry: StaffWaitlistEntry) => {
    try {
      const offered = await offer.mutateAsync(entry.id);
      toast.success(
        t('scheduling.waitlist.offered', {
          name: entry.associate.name,
          time: offered.offerExpiresAt ? formatTime(offered.offerExpiresAt, timezone) : '',
        }),
      );
      void line.refetch();
    } catch (error) {
      toast.error(errorMessageOf(error, t('scheduling.waitlist.offerError')));
    }
  };
  const bookFor = async (entry: StaffWaitlistEntry) => {
    try {
      await book.mutateAsync(entry.id);
      toast.success(t('scheduling.waitlist.booked', { name: entry.associate.name }));
      onBooked?.();
    } catch (error) {
      toast.error(errorMessageOf(error, t('scheduling.waitlist.bookError')));
    }
  };

  if (line.isPending && entries.length === 0 && !isFree && !canWrite) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('scheduling.waitlist.heading', { count: entries.length })}
      </h3>
      {line.isPending ? (
        <p className="mt-2 text-sm text-slate-600">{t('scheduling.waitlist.loading')}</p>
      ) : line.isError ? (
        <p className="mt-2 text-sm text-red-700">{t('scheduling.waitlist.loadError')}</p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('scheduling.waitlist.empty')}</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-2 px-3 py-2 text-sm">
              <div>
                <span className="font-semibold text-slate-900">
                  {t('scheduling.waitlist.position', { position: entry.position })}{' '}
                  {entry.associate.name}
                </span>{' '}
                <span className="text-slate-600">({entry.associate.cardId})</span>
                <span className="block text-slate-600">
                  {entry.status === 'OFFERED' && entry.offerExpiresAt
                    ? t('scheduling.waitlist.offeredUntil', {
                        time: formatTime(entry.offerExpiresAt, timezone),
                      })
                    : t('scheduling.waitlist.since', {
                        when: formatDateTime(entry.since, timezone),
                      })}
                </span>
              </div>
              {canWrite && isFree && (
                <div className="flex flex-wrap gap-2">
                  {entry.status === 'WAITING' && !isOffered && (
                    <Button
                      variant="secondary"
                      isLoading={offer.isPending && offer.variables === entry.id}
                      aria-label={t('scheduling.waitlist.offerTo', { name: entry.associate.name })}
                      onClick={() => void offerTo(entry)}
                    >
                      {t('scheduling.waitlist.offer')}
                    </Button>
                  )}
                  <Button
                    isLoading={book.isPending && book.variables === entry.id}
                    aria-label={t('scheduling.waitlist.bookFor', { name: entry.associate.name })}
                    onClick={() => void bookFor(entry)}
                  >
                    {t('scheduling.waitlist.book')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {canWrite && !isFree && (
        <WaitlistJoinForm companyId={companyId} slot={slot} onJoined={() => void line.refetch()} />
      )}
    </section>
  );
}
