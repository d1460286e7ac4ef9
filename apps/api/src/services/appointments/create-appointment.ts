import { randomUUID } from 'node:crypto';
import { withConnection, type Database } from '@clube/db';
import { clubDateOf, errorCodeOf, type Appointment, type ClubEvent } from '@clube/shared';
import { AppError, appErrorOf } from '../../lib/app-error';
import type { Staff } from '../../types';
import {
  bookingConfirmationMessages,
  type BookingConfirmationOptions,
} from '../messages/member-messages';
import { loadBookingContext, type BookingContext, type BookingRequest } from './booking-context';
import { describeFailure, evaluateBookingRules, type BookingFailure } from './booking-rules';
import {
  lockBooking,
  lockTitle,
  unlockBooking,
  writeBooking,
  type BookingPeople,
  type BookingRowWritten,
} from './write-booking';

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
 * A booking as written: its row, and what its answers say of its place and people (read once,
 * with its locks; both realms answer from it without reading it back).
 */
export type NewBooking = BookingRowWritten & {
  status: 'SCHEDULED';
  createdAt: Date;
  timezone: string;
  people: BookingPeople;
};

/**
 * Books a slot: booking rules 1–9 in order (docs/domain.md), under per-place and per-title locks.
 * The one booking path of both realms, so the portal can never skip a rule the back office
 * applies. Answers the new booking.
 */
export async function bookAppointment(
  db: Database,
  options: BookAppointmentOptions,
): Promise<NewBooking> {
  const { request, actor } = options;
  const now = options.now ?? new Date();
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
  // they are refused from what is committed, before any lock, every failing rule listed.
  // Queueing them behind the place's bookings slowed the whole club. An attempt that passes is
  // written under the locks only if nothing it read has changed (./write-booking).
  let context =
    options.context ??
    (await loadBookingContext(db, { request, companyIds: options.companyIds, now }));
  const isException = options.exception !== undefined;
  let verdict = evaluateBookingRules({ context, request, now, isException });
  if (verdict.failures.length > 0) throw refusal(verdict.failures, context);
  return withConnection(db, async (connection, held) => {
    const { locks, people } = await lockBooking(connection, {
      placeId: context.place.id,
      titleId: context.title.id,
      associateId: context.associate.id,
      actor,
    });
    const events: ClubEvent[] = [];
    try {
      for (;;) {
        const booking = await writeNewBooking(connection, { ...options, context, verdict, people });
        if (booking) {
          events.push({
            companyId: booking.companyId,
            kind: 'appointment.created',
            placeId: booking.placeId,
            date: clubDateOf(booking.startsAt, booking.timezone),
          });
          return booking;
        }
        // Something the rules read changed since (a booking, a block, the place archived:
        // PlaceNotFound): read again, now under the locks, and decide anew.
        context = await loadBookingContext(connection, {
          request,
          companyIds: options.companyIds,
          now,
        });
        // Moved to another title since: that title's bookings are serialised too.
        if (!locks.titleIds.includes(context.title.id))
          await lockTitle(connection, { locks, titleId: context.title.id });
        verdict = evaluateBookingRules({ context, request, now, isException });
        if (verdict.failures.length > 0) throw refusal(verdict.failures, context);
      }
    } finally {
      await unlockBooking(connection, { held, locks, events });
    }
  });
}

/**
 * The booking the rules allowed on `context`, with its audit event and its confirmation, in one
 * statement (writeBooking); null when the context changed meanwhile (nothing written).
 */
async function writeNewBooking(
  db: Database,
  options: BookAppointmentOptions & {
    context: BookingContext;
    verdict: { waived: BookingFailure[] };
    people: BookingPeople;
  },
): Promise<NewBooking | null> {
  const { context, request, actor, people } = options;
  const { waived } = options.verdict;
  // Nothing left to waive (say, the quota freed meanwhile): a booking like any other.
  const exceptionReason = waived.length > 0 ? (options.exception?.reason ?? null) : null;
  const row: BookingRowWritten = {
    id: randomUUID(),
    companyId: context.place.companyId,
    placeId: context.place.id,
    associateId: context.associate.id,
    associateTitleId: context.title.id,
    startsAt: request.startsAt,
    endsAt: request.endsAt,
    createdBy: 'userId' in actor ? actor.userId : null,
    createdByAssociateId: 'associateId' in actor ? actor.associateId : null,
    exceptionReason,
  };
  const { member, booker } = people;
  const messages = options.confirmation
    ? bookingConfirmationMessages(
        {
          ...row,
          status: 'SCHEDULED',
          calendarSequence: 0,
          maxCancelBookingTime: people.place.maxCancelBookingTime,
          placeName: people.place.name,
          clubName: people.place.clubName,
          logoUrl: people.place.logoUrl,
          timezone: context.timezone,
          bookedByStaff: row.createdBy !== null,
          forMember: member,
          booker: booker && booker.id !== member.id ? booker : null,
        },
        options.confirmation,
      )
    : [];
  const written = await writeBooking(db, {
    read: context.read,
    row,
    audit: {
      action: exceptionReason ? 'appointment.create-exception' : 'appointment.create',
      data: {
        startsAt: request.startsAt.toISOString(),
        endsAt: request.endsAt.toISOString(),
        ...(exceptionReason
          ? { reason: exceptionReason, waived: waived.map((failure) => errorCodeOf(failure.key)) }
          : {}),
      },
    },
    messages,
  });
  return written && { ...row, ...written, timezone: context.timezone, people };
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
 * A booking made by staff (createAppointment), answered as the calendar lists it, from the
 * booking as written (no read back).
 */
export async function bookAndAnswer(
  db: Database,
  options: CreateAppointmentOptions,
): Promise<Appointment> {
  return appointmentOf(
    await withConnection(db, (connection) => createAppointment(connection, options)),
  );
}

/** A new booking as the calendar lists it (listAppointments). */
function appointmentOf(booking: NewBooking): Appointment {
  const { member, booker, staff } = booking.people;
  return {
    id: booking.id,
    companyId: booking.companyId,
    placeId: booking.placeId,
    placeName: booking.people.place.name,
    associateId: booking.associateId,
    associateTitleId: booking.associateTitleId,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    status: booking.status,
    createdAt: booking.createdAt.toISOString(),
    cancelledAt: null,
    cancellationReason: null,
    checkedInAt: null,
    noShowAt: null,
    exceptionReason: booking.exceptionReason,
    associate: { id: member.id, name: member.name, cardId: member.cardId },
    createdBy: booking.createdBy && staff ? { id: staff.id, name: staff.name } : null,
    bookedVia: booking.createdByAssociateId ? 'portal' : 'staff',
    bookedBy: booking.createdByAssociateId
      ? booker && { name: booker.name }
      : staff && { name: staff.name },
  };
}
