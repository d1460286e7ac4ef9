import type { PortalMe, PortalPlace, PortalSlot } from '@clube/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookingFailureList, failuresOfRefusal } from '@/components/booking-failure-list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputStyles } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useBookingCheck, useCreateBooking } from '../api/bookings';
import { formatClock, formatDeadline, formatLongDate } from '../lib/format';
import { errorMessageOf } from '@/lib/errors';

type BookSlotDialogProps = {
  place: PortalPlace;
  slot: PortalSlot;
  me: PortalMe;
  onClose: () => void;
  onBooked: (summary: string) => void;
};

/**
 * Books one free slot. The API's check runs as soon as it opens (and again when a holder picks
 * another member), so every rule the booking would break is listed before the member confirms.
 */
export function BookSlotDialog({ place, slot, me, onClose, onBooked }: BookSlotDialogProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const timezone = me.club.timezone;
  const [associateId, setAssociateId] = useState(me.member.id);
  const body = { placeId: place.id, startsAt: slot.startsAt, associateId };
  const check = useBookingCheck(body);
  const createBooking = useCreateBooking();
  const refusal = createBooking.isError ? failuresOfRefusal(createBooking.error) : [];
  const failures = refusal.length > 0 ? refusal : (check.data?.failures ?? []);
  const canChooseMember = me.member.isHolder && me.title.members.length > 1;
  const when = t('portal.availability.book.when', {
    date: formatLongDate(slot.startsAt, timezone),
    start: formatClock(slot.startsAt, timezone),
    end: formatClock(slot.endsAt, timezone),
  });
  const deadline = new Date(
    new Date(slot.startsAt).getTime() - place.maxCancelBookingTime * 60 * 60 * 1000,
  );

  const onConfirm = () => {
    createBooking.mutate(body, {
      onSuccess: () => {
        const person = me.title.members.find((member) => member.id === associateId);
        onBooked(
          associateId === me.member.id || !person
            ? t('portal.availability.book.done', { place: place.name, when })
            : t('portal.availability.book.doneFor', { name: person.name, place: place.name, when }),
        );
      },
    });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('portal.availability.book.title', { place: place.name })}
      closeLabel={t('portal.availability.book.cancel')}
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={onClose}>
            {t('portal.availability.book.cancel')}
          </Button>
          <Button
            size="lg"
            onClick={onConfirm}
            isLoading={createBooking.isPending}
            disabled={check.isPending || failures.length > 0}
          >
            {createBooking.isPending
              ? t('portal.availability.book.confirming')
              : t('portal.availability.book.confirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="font-medium text-slate-900 first-letter:uppercase">{when}</p>
        {canChooseMember && (
          <div>
            <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('portal.availability.book.forWhom')}
            </label>
            <select
              id={selectId}
              value={associateId}
              onChange={(event) => {
                createBooking.reset();
                setAssociateId(event.target.value);
              }}
              className={inputStyles(false)}
            >
              {me.title.members.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
            <p className="mt-1.5 text-sm text-slate-600">
              {t('portal.availability.book.forWhomHelp')}
            </p>
          </div>
        )}
        {check.isPending && (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" />
            {t('portal.availability.book.checking')}
          </p>
        )}
        {failures.length > 0 && (
          <BookingFailureList
            failures={failures}
            title={t('portal.availability.book.refusedTitle')}
            realm="portal"
          />
        )}
        {createBooking.isError && refusal.length === 0 && (
          <Alert tone="error">
            {errorMessageOf(createBooking.error, t('portal.availability.book.failed'))}
          </Alert>
        )}
        {check.isError && (
          <Alert tone="error">
            {errorMessageOf(check.error, t('portal.availability.book.failed'))}
          </Alert>
        )}
        {check.data && check.data.quota.limit > 0 && (
          <p className="text-sm text-slate-700">
            {t(
              check.data.quota.used > check.data.quota.limit
                ? 'portal.availability.book.quotaOver'
                : 'portal.availability.book.quota',
              {
                used: check.data.quota.used,
                count: check.data.quota.limit,
              },
            )}
          </p>
        )}
        {failures.length === 0 &&
          check.data &&
          // Booked after the deadline, it can never be cancelled: said before confirming.
          (deadline.getTime() <= Date.now() ? (
            <Alert>{t('portal.availability.book.cannotCancel')}</Alert>
          ) : (
            <p className="text-sm text-slate-700">
              {t('portal.availability.book.cancelUntil', {
                deadline: formatDeadline(deadline, timezone),
              })}
            </p>
          ))}
      </div>
    </Dialog>
  );
}
