import type { Database } from '@clube/db';
import {
  clubToday,
  minutesOfTime,
  type DaySheet,
  type DaySheetCell,
  type DaySheetQuery,
} from '@clube/shared';
import { bookingWindowOf } from './booking-window';
import { slotGridOf } from './day-grid';
import {
  readClubDaySheet,
  type BlockOfSheet,
  type BookingOfSheet,
  waitlistKeyOf,
} from './place-day/read-club-day';
import { generateSlotTimes, overlaps, slotStatesOf, type SlotTime } from './slots';

export type GetDaySheetOptions = DaySheetQuery & { now?: Date };

/**
 * The front desk's whole club day: every active place, grouped by category, with its own slot grid
 * and what each cell is. One read whatever the number of places (readClubDaySheet: the club's
 * hours, its places, the day's bookings with their members and titles, the day's blocks); the
 * grids are computed in memory.
 */
export async function getDaySheet(db: Database, options: GetDaySheetOptions): Promise<DaySheet> {
  const { date } = options;
  const now = options.now ?? new Date();
  const club = await readClubDaySheet(db, {
    companyId: options.companyId,
    day: { date },
    ...(options.categoryId ? { categoryId: options.categoryId } : {}),
  });
  const operatingHour = club.operatingHour && {
    openTime: club.operatingHour.openTime.slice(0, 5),
    closeTime: club.operatingHour.closeTime.slice(0, 5),
  };
  const today = clubToday(club.timezone, now);

  // Most places of a club share a handful of grids (same hours, same slot length): each grid is
  // laid once per request, not once per place — the wall-clock maths dominates this request.
  const gridCache = new Map<string, { bookable: SlotTime[]; placeOnly: SlotTime[] }>();
  const gridsOf = (place: PlaceHours & { operatingHour: typeof operatingHour }) => {
    const hours = place.operatingHour;
    const key = `${place.startsAt}|${place.endsAt}|${place.bookRange}|${hours?.openTime}|${hours?.closeTime}`;
    let grids = gridCache.get(key);
    if (!grids) {
      grids = slotGridsOf(date, club.timezone, place, hours);
      gridCache.set(key, grids);
    }
    return grids;
  };

  const groups = new Map<string, DaySheet['categories'][number]>();
  for (const place of club.places) {
    let group = groups.get(place.categoryId);
    if (!group) {
      group = { id: place.categoryId, name: place.categoryName, places: [] };
      groups.set(place.categoryId, group);
    }
    const cells = cellsOf({
      grids: gridsOf(place),
      hasHours: place.operatingHour !== null,
      now,
      beyondWindow: bookingWindowOf({
        date,
        today,
        availableBookingDays: place.availableBookingDays,
      }).isBeyond,
      bookings: place.busy.booked,
      blocks: place.busy.blocked,
      waitlistOf: (startsAt) => club.waitlists?.get(waitlistKeyOf(place.id, startsAt)),
    });
    group.places.push({ id: place.id, name: place.name, bookRange: place.bookRange, cells });
  }
  const specialDay = club.specialDay && {
    name: club.specialDay.name,
    closed: club.specialDay.closed,
    openTime: club.specialDay.closed ? null : (operatingHour?.openTime ?? null),
    closeTime: club.specialDay.closed ? null : (operatingHour?.closeTime ?? null),
  };
  return {
    date,
    timezone: club.timezone,
    operatingHour,
    specialDay,
    categories: [...groups.values()],
  };
}

type PlaceHours = { startsAt: string; endsAt: string; bookRange: number };

/**
 * A place's slots: those the booking rules offer (the place's hours within the club's), and the
 * rest of the place's own grid, outside the club's hours, so a place open longer than the club
 * still shows its whole day. The second grid is only laid when the place's hours overflow.
 */
function slotGridsOf(
  date: string,
  timezone: string,
  place: PlaceHours,
  operatingHour: { openTime: string; closeTime: string } | null,
) {
  const bookable = generateSlotTimes(date, timezone, slotGridOf(place, operatingHour));
  const withinClubHours =
    operatingHour !== null &&
    minutesOfTime(place.startsAt) >= minutesOfTime(operatingHour.openTime) &&
    minutesOfTime(place.endsAt) <= minutesOfTime(operatingHour.closeTime);
  const placeOnly = withinClubHours
    ? []
    : generateSlotTimes(
        date,
        timezone,
        slotGridOf(place, { openTime: place.startsAt, closeTime: place.endsAt }),
      ).filter((slot) => !bookable.some((candidate) => overlaps(candidate, slot)));
  return { bookable, placeOnly };
}

/** One place's cells, in time order, each with what occupies it or why it cannot be booked. */
function cellsOf(input: {
  grids: { bookable: SlotTime[]; placeOnly: SlotTime[] };
  hasHours: boolean;
  now: Date;
  beyondWindow: boolean;
  bookings: BookingOfSheet[];
  blocks: BlockOfSheet[];
  /** Members in line for the slot starting then (undefined: nobody). */
  waitlistOf: (startsAt: Date) => number | undefined;
}): DaySheetCell[] {
  const { bookable, placeOnly } = input.grids;
  const inHours = new Set<SlotTime>(bookable);
  const slots = [...bookable, ...placeOnly].sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
  );
  // What occupies a slot matters more than why it could not be booked: a booking made before
  // the hours changed is still somebody arriving at the gate.
  const states = slotStatesOf(
    slots,
    { booked: input.bookings, blocked: input.blocks },
    { now: input.now, beyondWindow: input.beyondWindow },
  );
  return states.map(({ slot, booking, block, state }): DaySheetCell => {
    const waitlistCount = input.waitlistOf(slot.startsAt);
    const base = {
      time: slot.time,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      ...(waitlistCount ? { waitlistCount } : {}),
    };
    if (state === 'taken') return { ...base, state: 'booked', appointment: booking!.appointment };
    if (state === 'blocked')
      return { ...base, state: 'blocked', block: { id: block!.id, reason: block!.reason } };
    if (state === 'past') return { ...base, state: 'past' };
    if (!inHours.has(slot))
      return {
        ...base,
        state: 'outside',
        outsideReason: input.hasHours ? 'club-hours' : 'club-closed',
      };
    if (state === 'outside-window')
      return { ...base, state: 'outside', outsideReason: 'booking-window' };
    return { ...base, state: 'free' };
  });
}
