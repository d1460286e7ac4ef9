import { appointments } from '@clube/db';
import { frontDesk } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { lockAppointmentOfStaff, type AttendanceOptions } from './attendance';

/**
 * Front desk lets the member in: allowed from `frontDesk.checkInOpensMinutesBefore` minutes
 * before the start until the end, so early arrivals are served but a finished booking is not
 * rewritten afterwards (a missed one is a no-show instead).
 */
export async function checkInAppointment({
  db,
  appointmentId,
  staff,
  now = new Date(),
}: AttendanceOptions) {
  await db.transaction(async (tx) => {
    const { appointment } = await lockAppointmentOfStaff(tx, appointmentId, staff);
    if (appointment.status !== 'SCHEDULED') throw new AppError('AppointmentNotScheduled');
    const opensAt = appointment.startsAt.getTime() - frontDesk.checkInOpensMinutesBefore * 60_000;
    if (now.getTime() < opensAt || now >= appointment.endsAt) throw new AppError('CheckInNotOpen');

    await tx
      .update(appointments)
      .set({ status: 'CHECKED_IN', checkedInAt: now, checkedInBy: staff.userId })
      .where(eq(appointments.id, appointmentId));
    await recordAudit(tx, {
      companyId: appointment.companyId,
      actorUserId: staff.userId,
      action: 'appointment.check-in',
      entityType: 'appointment',
      entityId: appointmentId,
      data: { startsAt: appointment.startsAt.toISOString() },
    });
  });
}
