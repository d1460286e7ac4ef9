import { appointments, queryRows, withConnection, type Database } from '@clube/db';
import { clubDateOf } from '@clube/shared';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { announceClubChange } from '../../lib/club-events';
import type { Staff } from '../../types';
import { clubChangeMessages } from '../messages/queue-club-change-messages';
import { queuedMessagesJson, queuedMessagesSql } from '../../lib/mail/enqueue-messages';
import { readBookings } from '../messages/read-bookings';
import { waitlistFreedSql } from '../waitlists/waitlist-jobs';
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
 *
 * The booking is read with what its message says (readBookings), then cancelled, audited and its
 * message queued in one statement, which changes it only if it is still scheduled where and when
 * it was read (a booking cancelled or moved meanwhile is read again); its live event follows.
 */
export async function cancelBooking(db: Database, options: CancelBookingOptions) {
  const { id, actor } = options;
  const now = options.now ?? new Date();
  const staffId = 'userId' in actor ? actor.userId : null;
  const memberId = 'associateId' in actor ? actor.associateId : null;
  const reason = options.reason ?? null;
  await withConnection(db, async (connection) => {
    for (;;) {
      const [row] = await readBookings(connection, { ids: [id], where: options.scope });
      if (!row || row.status !== 'SCHEDULED') throw new AppError('AppointmentNotFound');
      const deadline = row.startsAt.getTime() - row.maxCancelBookingTime * 3_600_000;
      const isException = now.getTime() > deadline;
      if (isException && !options.isException) throw new AppError('MaxCancelBookingTimeMissed');
      const messages =
        staffId && reason && options.publicUrl
          ? clubChangeMessages([row], {
              companyId: row.companyId,
              publicUrl: options.publicUrl,
              changes: [{ appointmentId: id, kind: 'cancelled', reason }],
            })
          : [];
      const [cancelled] = await queryRows<{ id: string }>(
        connection,
        sql`with cancelled as (
            update appointments
            set status = 'CANCELLED', cancelled_at = ${now.toISOString()}::timestamptz,
              cancelled_by = ${staffId}::uuid, cancelled_by_associate_id = ${memberId}::uuid,
              cancellation_reason = ${reason}::text
            where id = ${id}::uuid and status = 'SCHEDULED'
              and place_id = ${row.placeId}::uuid
              and starts_at = ${row.startsAt.toISOString()}::timestamptz
            returning id),
          audited as (
            insert into audit_events (company_id, actor_user_id, actor_associate_id, action,
              entity_type, entity_id, data, place_id, associate_id)
            select ${row.companyId}::uuid, ${staffId}::uuid, ${memberId}::uuid,
              ${isException ? 'appointment.cancel-exception' : 'appointment.cancel'},
              'appointment', cancelled.id::text, ${JSON.stringify({
                startsAt: row.startsAt.toISOString(),
                ...(reason ? { reason } : {}),
                ...(isException ? { waived: ['MaxCancelBookingTimeMissed'] } : {}),
                before: { status: 'SCHEDULED' },
                after: { status: 'CANCELLED', ...(reason ? { cancellationReason: reason } : {}) },
              })}::jsonb, ${row.placeId}::uuid, ${row.associateId}::uuid
            from cancelled),
          ${queuedMessagesSql({
            messages: sql`${queuedMessagesJson(messages)}`,
            when: sql`exists (select 1 from cancelled)`,
          })},
          waitlist_freed as (${waitlistFreedSql({
            placeId: sql`${row.placeId}`,
            startsAt: sql`${row.startsAt.toISOString()}`,
            endsAt: sql`${row.endsAt.toISOString()}`,
            when: sql`exists (select 1 from cancelled)`,
          })})
          select id from cancelled`,
      );
      if (!cancelled) continue;
      await announceClubChange(connection, [
        {
          companyId: row.companyId,
          kind: 'appointment.cancelled',
          placeId: row.placeId,
          date: clubDateOf(row.startsAt, row.timezone),
        },
      ]);
      return;
    }
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
