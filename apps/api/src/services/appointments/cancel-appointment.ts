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
   * Why staff cancel (trimmed, not empty): kept on the booking, in the audit and in the member's
   * message. A member cancelling their own booking gives none.
   */
  reason?: string;
  /**
   * Staff cancel past the deadline as an exception (docs/domain.md, "Exceptions"); the audit
   * records it as one only when the deadline had passed.
   */
  isException?: boolean;
};

/** The reason of a staff cancellation, trimmed; an empty one answers CancellationReasonRequired. */
export function cancellationReasonOf(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (!trimmed) {
    throw new AppError('CancellationReasonRequired', {
      details: [{ in: 'body', path: 'reason', message: 'Informe o motivo do cancelamento' }],
    });
  }
  return trimmed;
}

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
    if (isPastDeadline && !options.isException) throw new AppError('MaxCancelBookingTimeMissed');
    const reason = options.reason ?? null;
    const isException = isPastDeadline;

    await tx
      .update(appointments)
      .set({
        status: 'CANCELLED',
        cancelledAt: now,
        cancelledBy: staffId,
        cancelledByAssociateId: memberId,
        cancellationReason: reason,
      })
      .where(eq(appointments.id, id));
    await recordAudit(tx, {
      companyId: row.appointment.companyId,
      actorUserId: staffId,
      actorAssociateId: memberId,
      action: isException ? 'appointment.cancel-exception' : 'appointment.cancel',
      entityType: 'appointment',
      entityId: id,
      placeId: row.appointment.placeId,
      associateId: row.appointment.associateId,
      data: {
        startsAt: row.appointment.startsAt.toISOString(),
        ...(reason ? { reason } : {}),
        ...(isException ? { waived: ['MaxCancelBookingTimeMissed'] } : {}),
        before: { status: 'SCHEDULED' },
        after: { status: 'CANCELLED', ...(reason ? { cancellationReason: reason } : {}) },
      },
    });
    if (staffId && reason && options.publicUrl) {
      await queueClubChangeMessages(tx, {
        companyId: row.appointment.companyId,
        publicUrl: options.publicUrl,
        changes: [{ appointmentId: id, kind: 'cancelled', reason }],
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
  /** The reason as sent: the member reads it (required). */
  reason: string | undefined;
  /** Cancelled as an exception (PATCH /appointment/cancel/{id}/exception). */
  isException?: boolean;
};

/**
 * Staff cancel any appointment of their clubs, with a reason, before its place's deadline; past
 * it, only as an exception.
 */
export async function cancelAppointment(db: Database, options: CancelAppointmentOptions) {
  const { staff, id, now, publicUrl } = options;
  // An exception's reason keeps its own error code (the exception form's), as when booking.
  const reason = options.isException
    ? exceptionReasonOf(options.reason)
    : cancellationReasonOf(options.reason);
  if (staff.companyIds.size === 0) throw new AppError('AppointmentNotFound');
  return cancelBooking(db, {
    id,
    scope: inArray(appointments.companyId, [...staff.companyIds]),
    actor: { userId: staff.userId },
    now,
    publicUrl,
    reason,
    isException: options.isException,
  });
}
