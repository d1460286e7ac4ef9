import type { Appointment } from '@clube/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionNote } from '@/components/permission-note';
import { useCan } from '@/lib/permissions';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime, formatTime } from '@/lib/dates';
import {
  AttendanceButtons,
  AttendanceHint,
  attendanceActionsOf,
  useAttendance,
  type AttendanceAction,
} from './attendance-actions';
import { bookedByLabel } from './booked-by-label';
import { errorMessageOf } from '@/lib/errors';
import { useCancelAppointment } from '../api/cancel-appointment';
import { DetailList } from '@/components/ui/detail-list';
import { CancelConfirmButtons, CancelReasonForm } from './cancel-reason-form';

type AppointmentDetailDialogProps = {
  appointment: Appointment | null;
  companyId: string;
  timezone: string;
  /** The club's tolerance after the start before a no-show may be marked. */
  noShowToleranceMinutes: number;
  onClose: () => void;
  /** The clock the buttons are enabled by (tests pass a fixed one). */
  now?: () => Date;
};

/**
 * One appointment: the front desk registers the member's arrival or absence (or undoes it), and
 * staff can cancel ('excluir') a scheduled one after confirming.
 */
export function AppointmentDetailDialog({
  appointment: given,
  companyId,
  timezone,
  noShowToleranceMinutes,
  onClose,
  now = () => new Date(),
}: AppointmentDetailDialogProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const reasonFormId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  // The answer of the last action, so the dialog shows the new status without closing.
  const [updated, setUpdated] = useState<Appointment | null>(null);
  const appointment = given && updated?.id === given.id ? updated : given;
  const cancel = useCancelAppointment(companyId);
  const attendance = useAttendance(companyId, timezone);
  // Attendance and cancelling are the front desk's: other roles see the booking only.
  const canWrite = useCan('bookings.write');
  const allowed =
    appointment && canWrite
      ? attendanceActionsOf(appointment, { now: now(), timezone, noShowToleranceMinutes })
      : null;

  const close = () => {
    setIsConfirming(false);
    setUpdated(null);
    onClose();
  };

  const run = async (action: AttendanceAction) => {
    if (!appointment) return;
    const result = await attendance.run(action, appointment.id);
    if (result) setUpdated(result);
  };

  const confirmCancel = async (reason: string) => {
    if (!appointment) return;
    try {
      await cancel.mutateAsync({ id: appointment.id, reason });
      toast.success(t('scheduling.detail.deleted'));
      close();
    } catch (error) {
      toast.error(errorMessageOf(error, t('scheduling.detail.deleteError')));
    }
  };

  const rows: [string, string][] = appointment
    ? [
        [t('scheduling.detail.status'), t(`scheduling.status.${appointment.status}`)],
        [t('scheduling.detail.associate'), appointment.associate.name],
        [t('scheduling.detail.cardId'), appointment.associate.cardId],
        [t('scheduling.list.start'), formatDateTime(appointment.startsAt, timezone)],
        [t('scheduling.list.end'), formatTime(appointment.endsAt, timezone)],
        [t('scheduling.list.bookedAt'), formatDateTime(appointment.createdAt, timezone)],
        [t('scheduling.list.bookedBy'), bookedByLabel(appointment, t)],
      ]
    : [];
  if (appointment?.exceptionReason)
    rows.push([t('scheduling.exception.mark'), appointment.exceptionReason]);
  if (appointment?.cancellationReason)
    rows.push([t('scheduling.detail.cancellationReason'), appointment.cancellationReason]);

  return (
    <Dialog
      isOpen={appointment !== null}
      onClose={close}
      title={t('scheduling.detail.title')}
      description={appointment?.placeName}
      closeLabel={t('common.close')}
      footer={
        isConfirming ? (
          <CancelConfirmButtons
            formId={reasonFormId}
            isPending={cancel.isPending}
            keepLabel={t('scheduling.detail.confirmNo')}
            confirmLabel={t('scheduling.detail.confirmYes')}
            onKeep={() => setIsConfirming(false)}
          />
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {t('common.close')}
            </Button>
            {canWrite && (
              <AttendanceButtons
                allowed={allowed}
                isBusy={attendance.isBusy}
                onRun={run}
                hintId={hintId}
              />
            )}
            {allowed?.cancel && (
              <Button variant="danger" onClick={() => setIsConfirming(true)}>
                {t('scheduling.detail.delete')}
              </Button>
            )}
          </>
        )
      }
    >
      <DetailList rows={rows} />
      <PermissionNote permission="bookings.write" className="mt-4" />
      <AttendanceHint allowed={allowed} timezone={timezone} id={hintId} />
      {isConfirming && (
        <CancelReasonForm
          id={reasonFormId}
          warning={t('scheduling.detail.confirm')}
          onSubmit={confirmCancel}
        />
      )}
    </Dialog>
  );
}
