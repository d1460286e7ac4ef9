import type { Database } from '@clube/db';
import { addDaysToDate, clubToday } from '@clube/shared';
import {
  clubDayRange,
  loadBusyIntervals,
  loadPlaceOfStaff,
  slotGridOf,
} from './load-place-schedule';
import { generateSlotTimes, markAvailability } from './slots';

/** The slots of a place on a club-local date, each marked available or not (docs/domain.md). */
export async function listTimeSlots(
  db: Database,
  input: { placeId: string; date: string; companyIds: ReadonlySet<string>; now?: Date },
) {
  const now = input.now ?? new Date();
  const { place, timezone, operatingHour } = await loadPlaceOfStaff(
    db,
    input.placeId,
    input.companyIds,
    { date: input.date },
  );
  const slots = generateSlotTimes(input.date, timezone, slotGridOf(place, operatingHour));
  if (slots.length === 0) return [];
  const { blocked, booked } = await loadBusyIntervals(
    db,
    [place.id],
    clubDayRange(input.date, timezone),
  );
  return markAvailability(slots, {
    now,
    date: input.date,
    lastBookableDate: addDaysToDate(clubToday(timezone, now), place.availableBookingDays),
    blockedTimes: blocked,
    appointments: booked,
  }).map((slot) => ({
    time: slot.time,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    available: slot.available,
  }));
}
