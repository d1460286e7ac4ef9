import { withConnection, type Database } from '@clube/db';
import type { PortalBooking } from '@clube/shared';
import { AppError, appErrorOf } from '../../lib/app-error';
import { bookAppointment, type NewBooking } from '../appointments/create-appointment';
import type { BookingConfirmationOptions } from '../messages/member-messages';
import { checkResolved, type CheckBookingOptions } from './check-booking';
import { memberFailures, resolveBookingRequest } from './booking-request';
import { portalBookingOf } from './list-bookings';

export type CreateBookingOptions = CheckBookingOptions & {
  /** Given, the confirmation is queued with the booking. */
  confirmation?: BookingConfirmationOptions;
};

/**
 * A member books through the portal, on the back office's booking path (same rules, locks and
 * audit), recorded as booked by the member. A refusal answers the first failing rule's status
 * and code with every failing rule, in the member's words, in `details.failures`. Answers the
 * new booking.
 */
export async function createBooking(
  db: Database,
  options: CreateBookingOptions,
): Promise<NewBooking> {
  const { member } = options;
  const resolved = await resolveBookingRequest(db, options);
  // A blocked member's booking for a family member is refused before any lock, with every
  // other failing rule listed as the check lists them, from what was just read.
  if (resolved.callerBlock) {
    const { failures } = checkResolved(resolved);
    throw new AppError('OwnMembershipBlocked', { details: { failures } });
  }
  return bookAppointment(db, {
    request: resolved.request,
    context: resolved.context,
    companyIds: new Set([member.companyId]),
    actor: { associateId: member.associateId },
    now: resolved.now,
    confirmation: options.confirmation,
    refuse: (failures, context) => {
      const described = memberFailures(failures, context, resolved);
      return appErrorOf(described[0]!.failure, {
        failures: described.map(({ body }) => body),
      });
    },
  });
}

/**
 * Books (createBooking) and answers the booking as the portal lists it, from the booking as
 * written. The booking's reads and writes on one connection: when a club opens its window, a
 * booking waits once for a connection, not once per query.
 */
export async function bookAndAnswer(
  db: Database,
  options: CreateBookingOptions,
): Promise<PortalBooking> {
  const booking = await withConnection(db, (connection) => createBooking(connection, options));
  const { member, place } = booking.people;
  return portalBookingOf(
    {
      ...booking,
      place: { id: booking.placeId, name: place.name },
      associate: { id: member.id, name: member.name, cardId: member.cardId },
      cancelledAt: null,
      cancellationReason: null,
      maxCancelBookingTime: place.maxCancelBookingTime,
      guestLimit: place.guestLimit,
      guestCount: 0,
    },
    options.now ?? new Date(),
  );
}
