import type { Database } from '@clube/db';
import { clubDateOf, type BlockConflict, type BlockResolutionAction } from '@clube/shared';
import type { BookingOfPlaces } from '../appointments/place-day/read-bookings-overlapping';
import {
  readMoveCandidates,
  type MoveCandidate,
} from '../appointments/place-day/read-move-candidates';
import { generateSlotTimes, overlaps, type Interval } from '../appointments/slots';

/**
 * A booking a block would hit (under the places' locks for a creation): read by the place's day
 * reader, readBookingsOverlapping.
 */
export type AffectedBooking = BookingOfPlaces;

/** A booking whose attendance is recorded is history: the block may only leave it in place. */
export function actionsFor(booking: Pick<AffectedBooking, 'status'>): BlockResolutionAction[] {
  return booking.status === 'SCHEDULED' ? ['keep', 'cancel', 'move'] : ['keep'];
}

/**
 * Finds, for bookings a block would hit, the places they may move to: an active place of the
 * same club and category, not one the block covers, with a slot of its own that is exactly the
 * booking's time (its grid, within its own hours that date, ../appointments/place-day/place-hours: same start, same
 * length), and holding no booking or block that overlaps it. One read whatever the number of bookings (readMoveCandidates); `reserve`
 * records a planned move so the next booking of the same request does not get the same place and
 * time.
 */
export async function loadMoveTargets(
  db: Database,
  options: {
    companyId: string;
    timezone: string;
    blockedPlaceIds: string[];
    bookings: AffectedBooking[];
  },
) {
  const { companyId, timezone, blockedPlaceIds, bookings } = options;
  const read =
    bookings.length === 0
      ? {
          places: [],
          hours: new Map<string, { openTime: string; closeTime: string } | null>(),
          busy: { blocked: [], booked: [] },
        }
      : await readMoveCandidates(db, {
          companyId,
          categoryIds: [...new Set(bookings.map((booking) => booking.categoryId))],
          blockedPlaceIds,
          dates: [...new Set(bookings.map((booking) => clubDateOf(booking.startsAt, timezone)))],
          range: {
            startsAt: new Date(Math.min(...bookings.map((booking) => booking.startsAt.getTime()))),
            endsAt: new Date(Math.max(...bookings.map((booking) => booking.endsAt.getTime()))),
          },
        });
  const candidates = read.places;
  const hourOf = read.hours;
  const busy = new Map<string, Interval[]>();
  for (const interval of [...read.busy.blocked, ...read.busy.booked]) {
    const list = busy.get(interval.placeId) ?? [];
    list.push(interval);
    busy.set(interval.placeId, list);
  }

  // A booking moves only onto one of the target's own slots, the same start and the same length
  // (the booking rule's "starts on a slot" and "lasts the bookRange"): a 60-minute booking on a
  // 90-minute grid would leave a gap no one can book, on a 30-minute grid start off the grid.
  const fitsASlot = (place: MoveCandidate, time: Interval) => {
    if (time.endsAt.getTime() - time.startsAt.getTime() !== place.bookRange * 60_000) return false;
    const date = clubDateOf(time.startsAt, timezone);
    const hour = hourOf.get(`${place.id}|${date}`);
    return generateSlotTimes(date, timezone, {
      placeStartsAt: place.startsAt,
      placeEndsAt: place.endsAt,
      bookRange: place.bookRange,
      operatingHour: hour ? { openTime: hour.openTime, closeTime: hour.closeTime } : null,
    }).some((slot) => slot.startsAt.getTime() === time.startsAt.getTime());
  };

  return {
    /** The free places a booking may move to, by name. */
    freePlacesFor(booking: AffectedBooking) {
      return candidates
        .filter(
          (place) =>
            place.categoryId === booking.categoryId &&
            place.id !== booking.placeId &&
            !(busy.get(place.id) ?? []).some((interval) => overlaps(interval, booking)) &&
            fitsASlot(place, booking),
        )
        .map((place) => ({ id: place.id, name: place.name }));
    },
    /** The place is a candidate whose own slots do not hold the booking's time. */
    isMisfit(placeId: string, booking: AffectedBooking) {
      const place = candidates.find((candidate) => candidate.id === placeId);
      return place !== undefined && !fitsASlot(place, booking);
    },
    reserve(placeId: string, time: Interval) {
      const list = busy.get(placeId) ?? [];
      list.push({ startsAt: time.startsAt, endsAt: time.endsAt });
      busy.set(placeId, list);
    },
  };
}

/** The wire shape of an affected booking (preview answer and 409 details). */
export function toBlockConflict(
  booking: AffectedBooking,
  freePlaces: Array<{ id: string; name: string }>,
): BlockConflict {
  return {
    id: booking.id,
    placeId: booking.placeId,
    placeName: booking.placeName,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    status: booking.status,
    associateName: booking.associateName,
    associate: { id: booking.associateId, name: booking.associateName, cardId: booking.cardId },
    actions: actionsFor(booking),
    freePlaces: actionsFor(booking).includes('move') ? freePlaces : [],
  };
}

/** `interval` minus the kept bookings' times: zero, one or more pieces, in order. */
export function subtractIntervals(interval: Interval, holes: Interval[]): Interval[] {
  let pieces: Interval[] = [interval];
  for (const hole of [...holes].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    pieces = pieces.flatMap((piece) => {
      if (!overlaps(piece, hole)) return [piece];
      const parts: Interval[] = [];
      if (piece.startsAt < hole.startsAt)
        parts.push({ startsAt: piece.startsAt, endsAt: hole.startsAt });
      if (hole.endsAt < piece.endsAt) parts.push({ startsAt: hole.endsAt, endsAt: piece.endsAt });
      return parts;
    });
  }
  return pieces;
}
