/**
 * What the booking rules read (./booking-rules): the place's day around the slot, whom the
 * booking is for and their title's bookings (read by ./place-day/read-place-context).
 */
import type { Database } from '@clube/db';
import { limits } from '@clube/shared';
import { AppError } from '../../lib/app-error';
import { readPlaceContext } from './place-day/read-place-context';

/**
 * A booking as staff ask for it (and as the portal's request becomes), its times parsed once at
 * the edge (`bookingRequestOf`): the engine never parses a time string again.
 */
export type BookingRequest = {
  associateId: string;
  placeId: string;
  startsAt: Date;
  endsAt: Date;
  cardId: string;
};

/** A request body's times (ISO strings, checked by the route's schema) parsed, once. */
export const bookingRequestOf = <Body extends { startsAt: string; endsAt: string }>(
  body: Body,
): Omit<Body, 'startsAt' | 'endsAt'> & { startsAt: Date; endsAt: Date } => ({
  ...body,
  startsAt: new Date(body.startsAt),
  endsAt: new Date(body.endsAt),
});

/** What a booking's context is read for: which place, which associate, at what instant. */
export type BookingContextOptions = {
  placeId: string;
  associateId: string;
  startsAt: Date;
  /** The request's end when known (the back office's); the portal's is start + the place's slot. */
  endsAt?: Date;
  /** The clubs the place must belong to (the caller's). */
  companyIds: ReadonlySet<string>;
  /** The instant the rules are evaluated at (the suspension in force). */
  now: Date;
};

/** Around the slot, the title's bookings read for the count rules (a month holds ≤ 31 days). */
const titleBookingsMargin = 33 * 24 * 60 * 60_000;

/**
 * The place, whom the booking is for and what the rules read (readPlaceContext) for a booking
 * starting at `startsAt`: the title's bookings from a month before to a month after, and the
 * place's blocked times and bookings overlapping the longest slot a place may have from there.
 */
export async function readBookingContext(db: Database, options: BookingContextOptions) {
  const { startsAt } = options;
  const at = (offset: number) => new Date(startsAt.getTime() + offset);
  const longestSlot = limits.bookRangeMinutes.max * 60_000;
  return readPlaceContext(db, {
    placeId: options.placeId,
    companyIds: options.companyIds,
    day: { instant: startsAt },
    busyRange: {
      startsAt,
      endsAt: new Date(Math.max(options.endsAt?.getTime() ?? 0, at(longestSlot).getTime())),
    },
    booker: {
      associateId: options.associateId,
      titleWindow: { startsAt: at(-titleBookingsMargin), endsAt: at(titleBookingsMargin) },
      now: options.now,
    },
  });
}

/**
 * Booking rule 1 (docs/domain.md, Booking rules): the place and the associate exist in one of the
 * caller's clubs, and the card number is the associate's (a card of somebody else answers
 * AssociateNotFound). Read with what the other rules need (readBookingContext).
 */
export async function loadBookingContext(
  db: Database,
  options: { request: BookingRequest; companyIds: ReadonlySet<string>; now: Date },
) {
  const { request, companyIds, now } = options;
  const { associate, ...placeOfStaff } = await readBookingContext(db, {
    placeId: request.placeId,
    associateId: request.associateId,
    startsAt: request.startsAt,
    endsAt: request.endsAt,
    companyIds,
    now,
  });
  if (!associate || associate.associate.cardId !== request.cardId)
    throw new AppError('AssociateNotFound');
  return { ...placeOfStaff, ...associate };
}

export type BookingContext = Awaited<ReturnType<typeof loadBookingContext>>;
