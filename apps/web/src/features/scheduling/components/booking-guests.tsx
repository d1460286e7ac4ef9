import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { GuestListEditor } from '@/components/guests/guest-list-editor';
import { formatDateTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { useBookingGuests, useSaveBookingGuests } from '../api/waitlists';

/**
 * A booking's guests in the day sheet's dialog (docs/domain.md, "Guest lists"): the portal's
 * editor, within the place's limits; nothing when the place takes no guests.
 */
export function BookingGuests({
  companyId,
  appointmentId,
  timezone,
}: {
  companyId: string;
  appointmentId: string;
  timezone: string;
}) {
  const { t } = useTranslation();
  const list = useBookingGuests(companyId, appointmentId);
  const save = useSaveBookingGuests(companyId, appointmentId);
  const [errorText, setErrorText] = useState<string | null>(null);
  if (!list.data || list.data.limit === 0) return null;
  return (
    <section className="mt-4 border-t border-slate-200 pt-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('common.guests.title')}</h3>
      <GuestListEditor
        key={appointmentId}
        list={list.data}
        deadlineLabel={formatDateTime(list.data.closesAt, timezone)}
        isSaving={save.isPending}
        errorText={errorText}
        onSave={(guests) => {
          setErrorText(null);
          save.mutate(guests, {
            onSuccess: () => toast.success(t('scheduling.daySheet.booking.guestsSaved')),
            onError: (error) => setErrorText(errorMessageOf(error, t('common.guests.saveFailed'))),
          });
        }}
      />
    </section>
  );
}
