import { appointments, companies, places, type Database } from '@clube/db';
import { clubDateOf } from '@clube/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { transactionAnnouncing } from '../../lib/club-events';
import type { Staff } from '../../types';
import { queueClubChangeMessages } from '../messages/queue-club-change-messages';
import type { BookingActor } from './create-appointment';

export type CancelBookingOptions = {
  id: string;
  /** Which appointments the actor may cancel; any other answers AppointmentNotFound. */
  scope: SQL;
  actor: BookingActor;
  now?: Date;
  /** Base of the portal link: given, a cancellation by staff is told to the member by e-mail. */
  publicUrl?: string;
};

/** The reason members read when staff cancel a booking (the back office asks for none). */
export const staffCancellationReason = 'cancelamento feito pela equipe do clube';

/**
 * Cancels a SCHEDULED appointment, keeping its row. Refused once fewer than the place's
 * maxCancelBookingTime hours remain before the start. An already cancelled one answers
 * AppointmentNotFound: there is no scheduled appointment left to cancel. The one cancellation
 * path of both realms (back office and members' portal).
 */
export async function cancelBooking(db: Database, options: CancelBookingOptions) {
  const { id, actor } = options;
  const now = options.now ?? new Date();
  const staffId = 'userId' in actor ? actor.userId : null;
  const memberId = 'associateId' in actor ? actor.associateId : null;
  return transactionAnnouncing(db, async (tx, announce) => {
    const [row] = await tx
      .select({
        appointment: appointments,
        maxCancelBookingTime: places.maxCancelBookingTime,
        timezone: companies.timezone,
      })
      .from(appointments)
      .innerJoin(places, eq(places.id, appointments.placeId))
      .innerJoin(companies, eq(companies.id, appointments.companyId))
      .where(and(eq(appointments.id, id), options.scope))
      .for('update', { of: appointments });
    if (!row || row.appointment.status !== 'SCHEDULED') throw new AppError('AppointmentNotFound');

    const deadline = row.appointment.startsAt.getTime() - row.maxCancelBookingTime * 3_600_000;
    if (now.getTime() > deadline) throw new AppError('MaxCancelBookingTimeMissed');

    await tx
      .update(appointments)
      .set({
        status: 'CANCELLED',
        cancelledAt: now,
        cancelledBy: staffId,
        cancelledByAssociateId: memberId,
      })
      .where(eq(appointments.id, id));
    await recordAudit(tx, {
      companyId: row.appointment.companyId,
      actorUserId: staffId,
      actorAssociateId: memberId,
      action: 'appointment.cancel',
      entityType: 'appointment',
      entityId: id,
      placeId: row.appointment.placeId,
      associateId: row.appointment.associateId,
      data: {
        startsAt: row.appointment.startsAt.toISOString(),
        before: { status: 'SCHEDULED' },
        after: { status: 'CANCELLED' },
      },
    });
    if (staffId && options.publicUrl) {
      await queueClubChangeMessages(tx, {
        companyId: row.appointment.companyId,
        publicUrl: options.publicUrl,
        changes: [{ appointmentId: id, kind: 'cancelled', reason: staffCancellationReason }],
      });
    }
    announce({
      companyId: row.appointment.companyId,
      kind: 'appointment.cancelled',
      placeId: row.appointment.placeId,
      date: clubDateOf(row.appointment.startsAt, row.timezone),
    });
  });
}

export type CancelAppointmentOptions = {
  staff: Staff;
  id: string;
  now?: Date;
  publicUrl?: string;
};

/** Staff cancel any appointment of their clubs. */
export async function cancelAppointment(db: Database, options: CancelAppointmentOptions) {
  const { staff, id, now, publicUrl } = options;
  if (staff.companyIds.size === 0) throw new AppError('AppointmentNotFound');
  return cancelBooking(db, {
    id,
    scope: inArray(appointments.companyId, [...staff.companyIds]),
    actor: { userId: staff.userId },
    now,
    publicUrl,
  });
}
