/** A place's club-local date as its calendars show it (readPlaceDay) and the slots of that day. */
import type { Database } from '@clube/db';
import { addDaysToDate } from '@clube/shared';
import { clubDayRange, slotGridOf } from '../day-grid';
import { generateSlotTimes, overlaps, type SlotTime } from '../slots';
import type { Busy } from './busy-intervals';
import { readPlaceContext, type PlaceOfDay } from './read-place-context';

/** A place's club-local date as `readPlaceDay` reads it. */
export type PlaceDay = PlaceOfDay & { date: string; busy: Busy };

/**
 * A place's club-local date: the place, its hours that day, and the blocked times and bookings
 * overlapping the club's day (with their labels for staff). The club's timezone comes with the
 * place, so the busy intervals are read over the UTC days around the date (wider than any club's
 * day) and kept when they overlap the club's day.
 */
export async function readPlaceDay(
  db: Database,
  options: { placeId: string; companyIds: ReadonlySet<string>; date: string; labels?: boolean },
): Promise<PlaceDay> {
  const { date } = options;
  const { place, timezone, category, operatingHour, specialDay, rules } = await readPlaceContext(
    db,
    {
      placeId: options.placeId,
      companyIds: options.companyIds,
      day: { date },
      busyRange: {
        startsAt: new Date(`${addDaysToDate(date, -1)}T00:00:00Z`),
        endsAt: new Date(`${addDaysToDate(date, 2)}T00:00:00Z`),
      },
      ...(options.labels ? { labels: true } : {}),
    },
  );
  const day = clubDayRange(date, timezone);
  return {
    date,
    place,
    timezone,
    category,
    operatingHour,
    specialDay,
    busy: {
      blocked: rules.busy.blocked.filter((interval) => overlaps(interval, day)),
      booked: rules.busy.booked.filter((interval) => overlaps(interval, day)),
    },
  };
}

/** The bookable slots of a place's day (the slot grid of its hours within the club's). */
export function slotsOfPlaceDay(day: PlaceDay): SlotTime[] {
  return generateSlotTimes(day.date, day.timezone, slotGridOf(day.place, day.operatingHour));
}
