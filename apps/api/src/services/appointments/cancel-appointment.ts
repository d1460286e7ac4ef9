import { appointments, companies, places, type Database } from '@clube/db';
import { clubDateOf } from '@clube/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { notifyClubChange } from '../../lib/club-events';
import type { Staff } from '../../types';

/**
 * Cancels a SCHEDULED appointment, keeping its row. Refused once fewer than the place's
 * maxCancelBookingTime hours remain before the start. An already cancelled one answers
 * AppointmentNotFound: there is no scheduled appointment left to cancel.
 */
export async function cancelAppointment(
  db: Database,
  id: string,
  staff: Staff,
  now: Date = new Date(),
) {
  if (staff.companyIds.size === 0) throw new AppError('AppointmentNotFound');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        appointment: appointments,
        maxCancelBookingTime: places.maxCancelBookingTime,
        timezone: companies.timezone,
      })
      .from(appointments)
      .innerJoin(places, eq(places.id, appointments.placeId))
      .innerJoin(companies, eq(companies.id, appointments.companyId))
      .where(and(eq(appointments.id, id), inArray(appointments.companyId, [...staff.companyIds])))
      .for('update', { of: appointments });
    if (!row || row.appointment.status !== 'SCHEDULED') throw new AppError('AppointmentNotFound');

    const deadline = row.appointment.startsAt.getTime() - row.maxCancelBookingTime * 3_600_000;
    if (now.getTime() > deadline) throw new AppError('MaxCancelBookingTimeMissed');

    await tx
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelledBy: staff.userId })
      .where(eq(appointments.id, id));
    await recordAudit(tx, {
      companyId: row.appointment.companyId,
      actorUserId: staff.userId,
      action: 'appointment.cancel',
      entityType: 'appointment',
      entityId: id,
      data: { startsAt: row.appointment.startsAt.toISOString() },
    });
    await notifyClubChange(tx, {
      companyId: row.appointment.companyId,
      kind: 'appointment.cancelled',
      placeId: row.appointment.placeId,
      date: clubDateOf(row.appointment.startsAt, row.timezone),
    });
  });
}
