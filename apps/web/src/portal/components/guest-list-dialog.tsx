import type { PortalBooking } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuestListEditor } from '@/components/guests/guest-list-editor';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/errors';
import { useGuestList, useSaveGuests } from '../api/guests';
import { formatDeadline } from '../lib/format';
import { LoadFailure } from './query-state';

type GuestListDialogProps = {
  booking: PortalBooking;
  /** "sábado, 28 de novembro, 10:00–11:00": the booking as its card names it. */
  when: string;
  timezone: string;
  onClose: () => void;
  onSaved: () => void;
};

/** Minhas reservas: the guests of one booking, edited within its place's rules. */
export function GuestListDialog({
  booking,
  when,
  timezone,
  onClose,
  onSaved,
}: GuestListDialogProps) {
  const { t } = useTranslation();
  const list = useGuestList(booking.id);
  const save = useSaveGuests(booking.id);
  const [errorText, setErrorText] = useState<string | null>(null);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('common.guests.title')}
      description={`${booking.place.name} · ${when}`}
      closeLabel={t('common.close')}
    >
      {list.isPending ? (
        <LoadingState label={t('portal.loading')} />
      ) : list.isError ? (
        <LoadFailure onRetry={() => void list.refetch()} />
      ) : (
        <GuestListEditor
          list={list.data}
          deadlineLabel={formatDeadline(list.data.closesAt, timezone)}
          isSaving={save.isPending}
          errorText={errorText}
          onSave={(guests) => {
            setErrorText(null);
            save.mutate(guests, {
              onSuccess: onSaved,
              onError: (error) =>
                setErrorText(errorMessageOf(error, t('common.guests.saveFailed'))),
            });
          }}
        />
      )}
    </Dialog>
  );
}
