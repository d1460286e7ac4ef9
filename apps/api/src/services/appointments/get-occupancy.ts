import type { Database } from '@clube/db';
import type { occupancyQuerySchema } from '@clube/shared';
import type { z } from 'zod';
import { slotGridOf } from './day-grid';
import { readClubDayTimes } from './place-day/read-club-day';
import { generateSlotTimes, slotStatesOf } from './slots';

export type GetOccupancyOptions = z.output<typeof occupancyQuerySchema> & { now?: Date };

/**
 * A club-local day's occupancy of every active place of a club: booked slots out of all slots.
 * One read (readClubDayTimes); without a date, the club's today.
 */
export async function getOccupancy(db: Database, options: GetOccupancyOptions) {
  const now = options.now ?? new Date();
  const club = await readClubDayTimes(db, {
    companyId: options.companyId,
    day: options.date ? { date: options.date } : { instant: now },
  });
  const { date, timezone } = club;
  const items = club.places.map((place) => {
    // Each place's own hours that day (special days and its week: ./place-day/place-hours).
    const slots = generateSlotTimes(date, timezone, slotGridOf(place, place.operatingHour));
    const bookedSlots = slotStatesOf(slots, place.busy, { now }).filter(
      ({ booking }) => booking !== undefined,
    ).length;
    return { placeId: place.id, booked: bookedSlots, total: slots.length };
  });
  return { date, items };
}
