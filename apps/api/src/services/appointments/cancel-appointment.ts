import { appointments, companies, places, type Database } from '@clube/db';
import { clubDateOf } from '@clube/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { transactionAnnouncing } from '../../lib/club-events';
import type { Staff } from '../../types';
import { queueClubChangeMessages } from '../messages/queue-club-change-messages';
import { exceptionReasonOf, type BookingActor } from './create-appointment';

export type CancelBookingOptions = {
  id: string;
  /** Which appointments the actor may cancel; any other answers AppointmentNotFound. */
  scope: SQL;
  actor: BookingActor;
  now?: Date;
  /** Base of the portal link: given, a cancellation by staff is told to the member by e-mail. */
  publicUrl?: string;
  /**
   * Staff cancel past the deadline as an exception (docs/domain.md, "Exceptions"), with their
   * reason (trimmed, not empty); recorded only when the deadline had passed.
   */
  exception?: { reason: string };
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
    const isPastDeadline = now.getTime() > deadline;
    if (isPastDeadline && !options.exception) throw new AppError('MaxCancelBookingTimeMissed');
    const exceptionReason = isPastDeadline ? (options.exception?.reason ?? null) : null;

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
      action: exceptionReason ? 'appointment.cancel-exception' : 'appointment.cancel',
      entityType: 'appointment',
      entityId: id,
      placeId: row.appointment.placeId,
      associateId: row.appointment.associateId,
      data: {
        startsAt: row.appointment.startsAt.toISOString(),
        ...(exceptionReason
          ? { reason: exceptionReason, waived: ['MaxCancelBookingTimeMissed'] }
          : {}),
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
  /** Cancelled as an exception (PATCH /appointment/cancel/{id}/exception): the reason as sent. */
  exceptionReason?: string;
};

/**
 * Staff cancel any appointment of their clubs before its place's deadline; past it, only as an
 * exception with a reason.
 */
export async function cancelAppointment(db: Database, options: CancelAppointmentOptions) {
  const { staff, id, now, publicUrl } = options;
  const exception =
    options.exceptionReason === undefined
      ? undefined
      : { reason: exceptionReasonOf(options.exceptionReason) };
  if (staff.companyIds.size === 0) throw new AppError('AppointmentNotFound');
  return cancelBooking(db, {
    id,
    scope: inArray(appointments.companyId, [...staff.companyIds]),
    actor: { userId: staff.userId },
    now,
    publicUrl,
    exception,
  });
}
