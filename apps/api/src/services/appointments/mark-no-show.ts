import type { Database } from '@clube/db';
import { AppError } from '../../lib/app-error';
import { queueSuspensionMessages } from '../messages/member-messages';
import { suspendTitleForNoShows } from '../title-suspensions/suspend-title-for-no-shows';
import { changeAttendance, recordAttendance, type AttendanceOptions } from './attendance';

/**
 * Front desk records that the member did not come: only once the club's tolerance after the start
 * has passed, so a member running a few minutes late is not marked absent. May suspend the title
 * under the club's no-show policy, in the same transaction.
 */
export async function markNoShow(db: Database, options: AttendanceOptions) {
  const { staff } = options;
  return changeAttendance(db, {
    ...options,
    change: async ({ tx, announce, appointment, club, now }) => {
      if (appointment.status !== 'SCHEDULED') throw new AppError('AppointmentNotScheduled');
      const allowedAt = appointment.startsAt.getTime() + club.noShowToleranceMinutes * 60_000;
      if (now.getTime() < allowedAt) throw new AppError('NoShowTooEarly');

      await recordAttendance(tx, {
        announce,
        appointment,
        staff,
        status: 'NO_SHOW',
        now,
        timezone: club.timezone,
      });
      const suspension = await suspendTitleForNoShows(tx, {
        companyId: appointment.companyId,
        associateTitleId: appointment.associateTitleId,
        policy: club,
        actorUserId: staff.userId,
        now,
      });
      if (suspension && options.publicUrl) {
        await queueSuspensionMessages(tx, {
          companyId: appointment.companyId,
          associateTitleId: appointment.associateTitleId,
          endsAt: suspension.endsAt,
          reason: suspension.reason,
          publicUrl: options.publicUrl,
        });
      }
      return suspension;
    },
  });
}
