import { appointments, withConnection, type Database } from '@clube/db';
import { AppError, appErrorOf } from '../../lib/app-error';
import { insertAudited } from '../../lib/audit';
import { transactionAnnouncing } from '../../lib/club-events';
import { clubDateOf, errorCodeOf } from '@clube/shared';
import type { Staff } from '../../types';
import {
  loadBookingContext,
  lockBookingKeys,
  type BookingContext,
  type BookingRequest,
} from './booking-context';
import { describeFailure, evaluateBookingRules, type BookingFailure } from './booking-rules';
import {
  queueBookingConfirmation,
  type BookingConfirmationOptions,
} from '../messages/member-messages';
import { findAppointment } from './list-appointments';

/** Who books: staff in the back office, or a member through the portal. */
export type BookingActor = { userId: string } | { associateId: string };

export type BookAppointmentOptions = {
  request: BookingRequest;
  /** The clubs the place and the associate must belong to. */
  companyIds: ReadonlySet<string>;
  actor: BookingActor;
  now?: Date;
  /** The booking's context when the caller has read it (loadBookingContext of this request at `now`). */
  context?: BookingContext;
  /** The error a refusal throws; by default the first failing rule's, with every one in details. */
  refuse?: (failures: BookingFailure[], context: BookingContext) => Error;
  /** Given, the confirmation is queued in the booking's transaction. */
  confirmation?: BookingConfirmationOptions;
  /**
   * Staff book despite the rules a club may waive (docs/domain.md, "Exceptions"), with their
   * reason (trimmed, not empty). The booking records it only when a rule was waived.
   */
  exception?: { reason: string };
};

/**
 * Books a slot: booking rules 1–9 in order (docs/domain.md), under per-place and per-title locks.
 * The one booking path of both realms, so the portal can never skip a rule the back office
 * applies. Answers the new appointment's id.
 */
export async function bookAppointment(db: Database, options: BookAppointmentOptions) {
  const { request, actor } = options;
  const now = options.now ?? new Date();
  const staffId = 'userId' in actor ? actor.userId : null;
  const memberId = 'associateId' in actor ? actor.associateId : null;
  const refusal = (failures: BookingFailure[], context: BookingContext) => {
    const first = failures[0]!;
    return (
      options.refuse?.(failures, context) ??
      appErrorOf(first, {
        ...(first.until ? { until: first.until } : {}),
        failures: failures.map(describeFailure),
      })
    );
  };
  // Most attempts when a club opens its window are refused (a slot just taken, a quota used):
  // they are refused from what is committed, before any transaction or lock, every failing rule
  // listed. Queueing them behind the place's bookings (or paying a transaction for a refusal)
  // slowed the whole club. An attempt that passes is checked again under the locks.
  const context =
    options.context ??
    (await loadBookingContext(db, { request, companyIds: options.companyIds, now }));
  const isException = options.exception !== undefined;
  const early = evaluateBookingRules({ context, request, now, isException });
  if (early.failures.length > 0) throw refusal(early.failures, context);
  return transactionAnnouncing(db, async (tx, announce) => {
    await lockBookingKeys(tx, { context });
    // Everything the rules read, read again under the locks: the bookings committed meanwhile, a
    // block staff just set, the place archived meanwhile (PlaceNotFound).
    const readLocked = () =>
      loadBookingContext(tx, { request, companyIds: options.companyIds, now });
    let locked = await readLocked();
    if (locked.title.id !== context.title.id) {
      // Moved to another title since the first read: that title's bookings are serialised too.
      await lockBookingKeys(tx, { context: locked });
      locked = await readLocked();
    }
    const { failures, waived } = evaluateBookingRules({
      context: locked,
      request,
      now,
      isException,
    });
    if (failures.length > 0) throw refusal(failures, locked);
    // Nothing left to waive (say, the quota freed meanwhile): a booking like any other.
    const exceptionReason = waived.length > 0 ? (options.exception?.reason ?? null) : null;

    // The booking and its audit event in one statement: one round trip on the busiest write. The
    // exclusion constraint still guards the insert (23P01).
    const id = await insertAudited(
      tx,
      tx
        .insert(appointments)
        .values({
          companyId: locked.place.companyId,
          placeId: locked.place.id,
          associateId: locked.associate.id,
          associateTitleId: locked.title.id,
          startsAt: new Date(request.startsAt),
          endsAt: new Date(request.endsAt),
          createdBy: staffId,
          createdByAssociateId: memberId,
          exceptionReason,
        })
        .returning({ id: appointments.id }),
      {
        companyId: locked.place.companyId,
        actorUserId: staffId,
        actorAssociateId: memberId,
        action: exceptionReason ? 'appointment.create-exception' : 'appointment.create',
        entityType: 'appointment',
        placeId: locked.place.id,
        associateId: locked.associate.id,
        data: {
          startsAt: request.startsAt,
          endsAt: request.endsAt,
          ...(exceptionReason
            ? { reason: exceptionReason, waived: waived.map((failure) => errorCodeOf(failure.key)) }
            : {}),
        },
      },
    );
    if (options.confirmation) {
      await queueBookingConfirmation(tx, { ...options.confirmation, appointmentId: id });
    }
    announce({
      companyId: locked.place.companyId,
      kind: 'appointment.created',
      placeId: locked.place.id,
      date: clubDateOf(new Date(request.startsAt), locked.timezone),
    });
    return id;
  });
}

export type CreateAppointmentOptions = {
  staff: Staff;
  request: BookingRequest;
  now?: Date;
  /** Given, the member hears of the booking (see BookAppointmentOptions). */
  confirmation?: BookingConfirmationOptions;
  /** Booked as an exception (POST /appointment/exception): the reason as the client sent it. */
  exceptionReason?: string;
};

/**
 * The reason of an exception, trimmed; an empty one answers ExceptionReasonRequired.
 */
export function exceptionReasonOf(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (!trimmed) {
    throw new AppError('ExceptionReasonRequired', {
      details: [{ in: 'body', path: 'reason', message: 'Informe o motivo da exceção' }],
    });
  }
  return trimmed;
}

/** A booking made by staff in the back office, within the rules or as an exception. */
export async function createAppointment(db: Database, options: CreateAppointmentOptions) {
  const { staff, request, now, confirmation } = options;
  const exception =
    options.exceptionReason === undefined
      ? undefined
      : { reason: exceptionReasonOf(options.exceptionReason) };
  return bookAppointment(db, {
    request,
    companyIds: staff.companyIds,
    actor: { userId: staff.userId },
    now,
    confirmation,
    exception,
  });
}

/**
 * A booking made by staff (createAppointment), answered as the calendar lists it. Reads,
 * transaction and answer on one connection, as a member's booking (portal).
 */
export async function bookAndAnswer(db: Database, options: CreateAppointmentOptions) {
  const created = await withConnection(db, async (connection) => {
    const id = await createAppointment(connection, options);
    return findAppointment(connection, { companyIds: options.staff.companyIds, id });
  });
  if (!created) throw new AppError('AppointmentNotFound');
  return created;
}
