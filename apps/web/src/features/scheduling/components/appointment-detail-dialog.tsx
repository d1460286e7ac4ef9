import type { Appointment } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime, formatTime } from '@/lib/dates';
import { bookedByLabel } from './booked-by-label';
import { errorMessageOf } from '@/lib/error-messages';
import { useCancelAppointment } from '../api/cancel-appointment';

type AppointmentDetailDialogProps = {
  appointment: Appointment | null;
  companyId: string;
  timezone: string;
  onClose: () => void;
};

/** One appointment, which staff can cancel ('excluir') after confirming. */
export function AppointmentDetailDialog({
  appointment,
  companyId,
  timezone,
  onClose,
}: AppointmentDetailDialogProps) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const cancel = useCancelAppointment(companyId);

  const close = () => {
    setIsConfirming(false);
    onClose();
  };

  const confirmCancel = async () => {
    if (!appointment) return;
    try {
      await cancel.mutateAsync(appointment.id);
      toast.success(t('scheduling.detail.deleted'));
      close();
    } catch (error) {
      toast.error(errorMessageOf(error, t('scheduling.detail.deleteError')));
    }
  };

  const rows = appointment
    ? [
        [t('scheduling.detail.associate'), appointment.associate.name],
        [t('scheduling.detail.cardId'), appointment.associate.cardId],
        [t('scheduling.list.start'), formatDateTime(appointment.startsAt, timezone)],
        [t('scheduling.list.end'), formatTime(appointment.endsAt, timezone)],
        [t('scheduling.list.bookedAt'), formatDateTime(appointment.createdAt, timezone)],
        [t('scheduling.list.bookedBy'), bookedByLabel(appointment, t)],
      ]
    : [];

  return (
    <Dialog
      isOpen={appointment !== null}
      onClose={close}
      title={t('scheduling.detail.title')}
      closeLabel={t('common.close')}
      footer={
        isConfirming ? (
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              {t('scheduling.detail.confirmNo')}
            </Button>
            <Button variant="danger" isLoading={cancel.isPending} onClick={confirmCancel}>
              {t('scheduling.detail.confirmYes')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {t('common.close')}
            </Button>
            <Button variant="danger" onClick={() => setIsConfirming(true)}>
              {t('scheduling.detail.delete')}
            </Button>
          </>
        )
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {isConfirming && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {t('scheduling.detail.confirm')}
        </p>
      )}
    </Dialog>
  );
}
