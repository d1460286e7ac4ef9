import type { DaySheetAppointment } from '@clube/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionNote } from '@/components/permission-note';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatTime } from '@/lib/dates';
import { errorKeyOf, errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useCancelAppointment, useCancelAppointmentAsException } from '../api/cancel-appointment';
import {
  AttendanceButtons,
  AttendanceHint,
  attendanceActionsOf,
  useAttendance,
  type AttendanceAction,
  type AttendanceRecord,
} from './attendance-actions';
import { DetailList } from '@/components/ui/detail-list';
import { ExceptionReasonForm } from './exception-booking-form';
import { CancelConfirmButtons, CancelReasonForm } from './cancel-reason-form';
import { BookingGuests } from './booking-guests';
import { SlotWaitlist } from './slot-waitlist';

type DaySheetBookingDialogProps = {
  booking: {
    placeName: string;
    appointment: DaySheetAppointment;
    /** Given, the dialog reads the slot's line and the booking's guests. */
    slot?: { placeId: string; date: string };
  } | null;
  companyId: string;
  timezone: string;
  /** The club's tolerance after the start before a no-show may be marked. */
  noShowToleranceMinutes: number;
  onClose: () => void;
  /** The clock the buttons are enabled by (tests pass a fixed one). */
  now?: () => Date;
  /** Given, a booking not started yet offers "Mover": the day sheet then asks where to. */
  onMove?: (appointment: DaySheetAppointment) => void;
};

/**
 * A booking seen from the day sheet: who, which title, who booked it and how; the member's
 * arrival or absence (or undoing it) and cancelling.
 */
export function DaySheetBookingDialog({
  booking,
  companyId,
  timezone,
  noShowToleranceMinutes,
  onClose,
  now = () => new Date(),
  onMove,
}: DaySheetBookingDialogProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const reasonFormId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  // The reason given for the refused cancellation: the exception's form starts from it.
  const [refusedReason, setRefusedReason] = useState('');
  // The answer of the last attendance action, so the dialog shows the new status without closing.
  const [updated, setUpdated] = useState<AttendanceRecord | null>(null);
  const cancel = useCancelAppointment(companyId);
  const cancelAsException = useCancelAppointmentAsException(companyId);
  const canMakeExceptions = useCan('bookings.exception');
  // Refused past the deadline: staff who may make exceptions cancel with a reason instead.
  const [isPastDeadline, setIsPastDeadline] = useState(false);
  const attendance = useAttendance(companyId, timezone);
  // Attendance and cancelling are the front desk's: other roles see the booking only.
  const canWrite = useCan('bookings.write');
  const close = () => {
    setIsConfirming(false);
    setIsPastDeadline(false);
    setRefusedReason('');
    setUpdated(null);
    onClose();
  };
  const confirmCancel = async (reason: string) => {
    if (!booking) return;
    try {
      await cancel.mutateAsync({ id: booking.appointment.id, reason });
      toast.success(t('scheduling.daySheet.booking.cancelled'));
      close();
    } catch (error) {
      toast.error(errorMessageOf(error, t('scheduling.daySheet.booking.cancelError')));
      if (canMakeExceptions && errorKeyOf(error) === 'MaxCancelBookingTimeMissed') {
        setIsConfirming(false);
        setRefusedReason(reason);
        setIsPastDeadline(true);
      }
    }
  };
  const cancelWithReason = async (reason: string) => {
    if (!booking) return;
    try {
      await cancelAsException.mutateAsync({ id: booking.appointment.id, reason });
      toast.success(t('scheduling.daySheet.booking.cancelled'));
      close();
    } catch (error) {
      toast.error(errorMessageOf(error, t('scheduling.daySheet.booking.cancelError')));
    }
  };
  const given = booking?.appointment;
  const appointment = given && updated?.id === given.id ? { ...given, ...updated } : given;
  const allowed =
    appointment && canWrite
      ? attendanceActionsOf(appointment, { now: now(), timezone, noShowToleranceMinutes })
      : null;
  const run = async (action: AttendanceAction) => {
    if (!appointment) return;
    const result = await attendance.run(action, appointment.id);
    if (result)
      setUpdated({
        id: result.id,
        status: result.status,
        startsAt: result.startsAt,
        endsAt: result.endsAt,
        checkedInAt: result.checkedInAt,
        noShowAt: result.noShowAt,
      });
  };
  const bookedBy = !appointment
    ? ''
    : appointment.bookedVia === 'portal'
      ? t('scheduling.daySheet.booking.viaPortal')
      : appointment.bookedByName
        ? t('scheduling.daySheet.booking.viaStaff', { name: appointment.bookedByName })
        : t('scheduling.daySheet.booking.viaStaffUnknown');
  const rows: [string, string][] = appointment
    ? [
        [t('scheduling.detail.status'), t(`scheduling.status.${appointment.status}`)],
        [t('scheduling.daySheet.booking.associate'), appointment.associateName],
        [t('scheduling.daySheet.booking.cardId'), appointment.cardId],
        [t('scheduling.daySheet.booking.titleName'), appointment.titleName],
        [
          t('scheduling.daySheet.booking.time'),
          `${formatTime(appointment.startsAt, timezone)}–${formatTime(appointment.endsAt, timezone)}`,
        ],
        [t('scheduling.daySheet.booking.bookedBy'), bookedBy],
      ]
    : [];
  if (appointment?.exceptionReason)
    rows.push([t('scheduling.exception.mark'), appointment.exceptionReason]);

  return (
    <Dialog
      isOpen={booking !== null}
      onClose={close}
      title={t('scheduling.daySheet.booking.title')}
      description={booking?.placeName}
      closeLabel={t('common.close')}
      footer={
        isConfirming ? (
          <CancelConfirmButtons
            formId={reasonFormId}
            isPending={cancel.isPending}
            keepLabel={t('scheduling.daySheet.booking.keep')}
            confirmLabel={t('scheduling.daySheet.booking.confirmCancel')}
            onKeep={() => setIsConfirming(false)}
          />
        ) : (
          <>
            {canWrite && (
              <AttendanceButtons
                allowed={allowed}
                isBusy={attendance.isBusy}
                onRun={run}
                hintId={hintId}
              />
            )}
            {onMove &&
              given &&
              appointment?.status === 'SCHEDULED' &&
              Date.parse(appointment.startsAt) > now().getTime() && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    close();
                    onMove(given);
                  }}
                >
                  {t('scheduling.daySheet.booking.move')}
                </Button>
              )}
            {allowed?.cancel && (
              <Button variant="danger" onClick={() => setIsConfirming(true)}>
                {t('scheduling.daySheet.booking.cancel')}
              </Button>
            )}
          </>
        )
      }
    >
      <DetailList rows={rows} />
      {booking?.slot && appointment && (
        <>
          <BookingGuests companyId={companyId} appointmentId={appointment.id} timezone={timezone} />
          {Date.parse(appointment.startsAt) > now().getTime() && (
            <SlotWaitlist
              companyId={companyId}
              timezone={timezone}
              slot={{ ...booking.slot, startsAt: appointment.startsAt }}
              isFree={false}
            />
          )}
        </>
      )}
      <PermissionNote permission="bookings.write" className="mt-4" />
      <AttendanceHint allowed={allowed} timezone={timezone} id={hintId} />
      {isConfirming && (
        <CancelReasonForm
          id={reasonFormId}
          warning={t('scheduling.cancelReason.warning')}
          onSubmit={confirmCancel}
        />
      )}
      {isPastDeadline && (
        <div className="mt-4">
          <ExceptionReasonForm
            heading={t('scheduling.exception.cancelHeading')}
            submitLabel={t('scheduling.exception.cancelSubmit')}
            isPending={cancelAsException.isPending}
            defaultReason={refusedReason}
            onSubmit={cancelWithReason}
          />
        </div>
      )}
    </Dialog>
  );
}
