import { appointments } from '@clube/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { suspendTitleForNoShows } from '../title-suspensions/suspend-title-for-no-shows';
import { lockAppointmentOfStaff, type AttendanceOptions } from './attendance';

/**
 * Front desk records that the member did not come: only once the club's tolerance after the start
 * has passed, so a member running a few minutes late is not marked absent. May suspend the title
 * under the club's no-show policy, in the same transaction.
 */
export async function markNoShow({
  db,
  appointmentId,
  staff,
  now = new Date(),
}: AttendanceOptions) {
  return db.transaction(async (tx) => {
    const { appointment, club } = await lockAppointmentOfStaff(tx, appointmentId, staff);
    if (appointment.status !== 'SCHEDULED') throw new AppError('AppointmentNotScheduled');
    const allowedAt = appointment.startsAt.getTime() + club.noShowToleranceMinutes * 60_000;
    if (now.getTime() < allowedAt) throw new AppError('NoShowTooEarly');

    await tx
      .update(appointments)
      .set({ status: 'NO_SHOW', noShowAt: now, noShowBy: staff.userId })
      .where(eq(appointments.id, appointmentId));
    await recordAudit(tx, {
      companyId: appointment.companyId,
      actorUserId: staff.userId,
      action: 'appointment.no-show',
      entityType: 'appointment',
      entityId: appointmentId,
      data: { startsAt: appointment.startsAt.toISOString() },
    });
    return suspendTitleForNoShows({
      tx,
      companyId: appointment.companyId,
      associateTitleId: appointment.associateTitleId,
      policy: club,
      actorUserId: staff.userId,
      now,
    });
  });
}
