import { clubDateOf, frontDesk, type Appointment } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { errorMessageOf } from '@/lib/error-messages';
import { useAttendanceActions } from '../api/attendance';

/** What attendance depends on, as both the place's list and the day sheet know it. */
export type AttendanceRecord = Pick<
  Appointment,
  'id' | 'startsAt' | 'endsAt' | 'checkedInAt' | 'noShowAt'
> & { status: Appointment['status'] };

export type AttendanceAction = 'checkIn' | 'noShow' | 'undo';

/**
 * What the front desk may do with an appointment right now, by the API's own rules: check in from
 * 30 minutes before the start until the end, mark a no-show after the start plus the club's
 * tolerance, undo either the same club-local day it was recorded.
 */
export function attendanceActionsOf(
  appointment: AttendanceRecord,
  options: { now: Date; timezone: string; noShowToleranceMinutes: number },
) {
  const now = options.now.getTime();
  const startsAt = Date.parse(appointment.startsAt);
  const scheduled = appointment.status === 'SCHEDULED';
  const recordedAt = appointment.checkedInAt ?? appointment.noShowAt;
  return {
    checkIn:
      scheduled &&
      now >= startsAt - frontDesk.checkInOpensMinutesBefore * 60_000 &&
      now < Date.parse(appointment.endsAt),
    noShow: scheduled && now >= startsAt + options.noShowToleranceMinutes * 60_000,
    undo:
      recordedAt !== null &&
      clubDateOf(new Date(recordedAt), options.timezone) ===
        clubDateOf(options.now, options.timezone),
    cancel: scheduled,
  };
}

/**
 * Runs a check-in, no-show or undo and says how it went in a toast (a no-show that suspended the
 * title says until when). Answers the updated appointment, or null when the API refused.
 */
export function useAttendance(companyId: string, timezone: string) {
  const { t } = useTranslation();
  const attendance = useAttendanceActions(companyId);
  const isBusy =
    attendance.checkIn.isPending || attendance.noShow.isPending || attendance.undo.isPending;

  const run = async (action: AttendanceAction, id: string) => {
    try {
      const result: Appointment & { titleSuspendedUntil?: string | null } =
        await attendance[action].mutateAsync(id);
      if (result.titleSuspendedUntil)
        toast.warning(
          t('scheduling.detail.suspended', {
            date: formatDate(result.titleSuspendedUntil, timezone),
          }),
        );
      else
        toast.success(
          t(
            action === 'checkIn'
              ? 'scheduling.detail.checkedIn'
              : action === 'noShow'
                ? 'scheduling.detail.noShowMarked'
                : 'scheduling.detail.undone',
          ),
        );
      return result;
    } catch (error) {
      toast.error(errorMessageOf(error, t('scheduling.detail.actionError')));
      return null;
    }
  };
  return { run, isBusy };
}

/** 'Desfazer' once attendance is recorded; otherwise 'Não compareceu' and 'Registrar entrada'. */
export function AttendanceButtons({
  allowed,
  isBusy,
  onRun,
}: {
  allowed: ReturnType<typeof attendanceActionsOf> | null;
  isBusy: boolean;
  onRun: (action: AttendanceAction) => void;
}) {
  const { t } = useTranslation();
  if (allowed?.undo)
    return (
      <Button variant="secondary" disabled={isBusy} onClick={() => onRun('undo')}>
        {t('scheduling.detail.undo')}
      </Button>
    );
  return (
    <>
      <Button
        variant="secondary"
        disabled={isBusy || !allowed?.noShow}
        onClick={() => onRun('noShow')}
      >
        {t('scheduling.detail.noShow')}
      </Button>
      <Button disabled={isBusy || !allowed?.checkIn} onClick={() => onRun('checkIn')}>
        {t('scheduling.detail.checkIn')}
      </Button>
    </>
  );
}
