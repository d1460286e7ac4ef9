import type { Database } from '@clube/db';
import {
  addDaysToDate,
  clubToday,
  type TimeSlot,
  type timeSlotsParamsSchema,
  type timeSlotsQuerySchema,
} from '@clube/shared';
import type { z } from 'zod';
import { slotGridOf } from './load-place-schedule';
import { readPlaceDay } from './place-day';
import { generateSlotTimes, markAvailability } from './slots';

export type ListTimeSlotsOptions = {
  /** The caller's clubs: a place of any other answers PlaceNotFound. */
  companyIds: ReadonlySet<string>;
  now?: Date;
} & z.output<typeof timeSlotsParamsSchema> &
  z.output<typeof timeSlotsQuerySchema>;

/**
 * The slots of a place on a club-local date, each marked available or not (docs/domain.md), an
 * unavailable one with its reason (markAvailability): a booking names its member and a block
 * its reason (staff's view; the portal never names who booked). One read (readPlaceDay).
 */
export async function listTimeSlots(
  db: Database,
  options: ListTimeSlotsOptions,
): Promise<TimeSlot[]> {
  const now = options.now ?? new Date();
  const day = await readPlaceDay(db, {
    placeId: options.placeId,
    companyIds: options.companyIds,
    date: options.date,
    labels: true,
  });
  const slots = generateSlotTimes(day.date, day.timezone, slotGridOf(day.place, day.operatingHour));
  return markAvailability(slots, {
    now,
    date: options.date,
    lastBookableDate: addDaysToDate(clubToday(day.timezone, now), day.place.availableBookingDays),
    blockedTimes: day.busy.blocked,
    appointments: day.busy.booked,
  }).map((slot) => ({
    time: slot.time,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    available: slot.available,
    ...(slot.unavailable
      ? {
          reason: slot.unavailable.reason,
          ...(slot.unavailable.detail ? { detail: slot.unavailable.detail } : {}),
        }
      : {}),
  }));
}
