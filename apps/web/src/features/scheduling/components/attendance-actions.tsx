import { clubDateOf, frontDesk, type Appointment } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { formatDate, formatTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
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
  const checkInOpensAt = startsAt - frontDesk.checkInOpensMinutesBefore * 60_000;
  const checkInClosesAt = Date.parse(appointment.endsAt);
  const noShowOpensAt = startsAt + options.noShowToleranceMinutes * 60_000;
  return {
    checkIn: scheduled && now >= checkInOpensAt && now < checkInClosesAt,
    noShow: scheduled && now >= noShowOpensAt,
    undo:
      recordedAt !== null &&
      clubDateOf(new Date(recordedAt), options.timezone) ===
        clubDateOf(options.now, options.timezone),
    cancel: scheduled,
    /** When the actions open and close (ms since epoch), for the hints of disabled buttons. */
    times: { checkInOpensAt, checkInClosesAt, noShowOpensAt },
    isScheduled: scheduled,
    now,
  };
}

/**
 * Says when a disabled 'Registrar entrada' or 'Não compareceu' becomes available (or that check-in
 * has closed), so the front desk is never left guessing. Nothing when both are available.
 */
export function AttendanceHint({
  allowed,
  timezone,
  id,
}: {
  allowed: ReturnType<typeof attendanceActionsOf> | null;
  timezone: string;
  id: string;
}) {
  const { t } = useTranslation();
  if (!allowed?.isScheduled || allowed.undo) return null;
  const { checkInOpensAt, checkInClosesAt, noShowOpensAt } = allowed.times;
  // A time today reads as a clock; another day's with its date.
  const when = (instant: number) =>
    clubDateOf(new Date(instant), timezone) === clubDateOf(new Date(allowed.now), timezone)
      ? t('scheduling.detail.hints.at', { time: formatTime(new Date(instant), timezone) })
      : t('scheduling.detail.hints.on', {
          date: formatDate(new Date(instant), timezone),
          time: formatTime(new Date(instant), timezone),
        });
  const hints: string[] = [];
  if (!allowed.checkIn)
    hints.push(
      allowed.now < checkInOpensAt
        ? t('scheduling.detail.hints.checkInFrom', {
            when: when(checkInOpensAt),
            minutes: frontDesk.checkInOpensMinutesBefore,
          })
        : t('scheduling.detail.hints.checkInClosed', { when: when(checkInClosesAt) }),
    );
  if (!allowed.noShow)
    hints.push(t('scheduling.detail.hints.noShowFrom', { when: when(noShowOpensAt) }));
  if (hints.length === 0) return null;
  return (
    <p id={id} className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      {hints.join(' ')}
    </p>
  );
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
  hintId,
}: {
  allowed: ReturnType<typeof attendanceActionsOf> | null;
  isBusy: boolean;
  onRun: (action: AttendanceAction) => void;
  /** The AttendanceHint that says when a disabled button opens. */
  hintId?: string;
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
        aria-describedby={allowed?.noShow ? undefined : hintId}
        onClick={() => onRun('noShow')}
      >
        {t('scheduling.detail.noShow')}
      </Button>
      <Button
        disabled={isBusy || !allowed?.checkIn}
        aria-describedby={allowed?.checkIn ? undefined : hintId}
        onClick={() => onRun('checkIn')}
      >
        {t('scheduling.detail.checkIn')}
      </Button>
    </>
  );
}
