import { associates, blockedTimes, appointments, type Database } from '@clube/db';
import {
  addDaysToDate,
  clubToday,
  occupyingStatuses,
  type TimeSlot,
  type timeSlotsParamsSchema,
  type timeSlotsQuerySchema,
} from '@clube/shared';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { overlapsPeriod } from '../../lib/overlaps-period';
import { clubDayRange, loadPlaceOfStaff, slotGridOf } from './load-place-schedule';
import { generateSlotTimes, markAvailability, type Interval } from './slots';

/**
 * The place's blocks (with their reason) and slot-holding bookings (with the member's name) over a
 * range: what staff read on a grey slot. Back office only — the portal never names who booked.
 */
async function loadLabelledBusyIntervals(db: Database, placeId: string, range: Interval) {
  const [blocked, booked] = await Promise.all([
    db
      .select({
        startsAt: blockedTimes.startsAt,
        endsAt: blockedTimes.endsAt,
        label: blockedTimes.description,
      })
      .from(blockedTimes)
      .where(
        and(
          eq(blockedTimes.placeId, placeId),
          overlapsPeriod(blockedTimes.startsAt, blockedTimes.endsAt, range),
          lt(blockedTimes.startsAt, range.endsAt),
          gt(blockedTimes.endsAt, range.startsAt),
        ),
      ),
    db
      .select({
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        label: associates.name,
      })
      .from(appointments)
      .innerJoin(associates, eq(associates.id, appointments.associateId))
      .where(
        and(
          eq(appointments.placeId, placeId),
          inArray(appointments.status, [...occupyingStatuses]),
          overlapsPeriod(appointments.startsAt, appointments.endsAt, range),
          lt(appointments.startsAt, range.endsAt),
          gt(appointments.endsAt, range.startsAt),
        ),
      ),
  ]);
  return { blocked, booked };
}

export type ListTimeSlotsOptions = {
  /** The caller's clubs: a place of any other answers PlaceNotFound. */
  companyIds: ReadonlySet<string>;
  now?: Date;
} & z.output<typeof timeSlotsParamsSchema> &
  z.output<typeof timeSlotsQuerySchema>;

/**
 * The slots of a place on a club-local date, each marked available or not (docs/domain.md), an
 * unavailable one with its reason.
 */
export async function listTimeSlots(
  db: Database,
  options: ListTimeSlotsOptions,
): Promise<TimeSlot[]> {
  const now = options.now ?? new Date();
  const { place, timezone, operatingHour } = await loadPlaceOfStaff(db, {
    placeId: options.placeId,
    companyIds: options.companyIds,
    day: { date: options.date },
  });
  const slots = generateSlotTimes(options.date, timezone, slotGridOf(place, operatingHour));
  if (slots.length === 0) return [];
  const { blocked, booked } = await loadLabelledBusyIntervals(
    db,
    place.id,
    clubDayRange(options.date, timezone),
  );
  return markAvailability(slots, {
    now,
    date: options.date,
    lastBookableDate: addDaysToDate(clubToday(timezone, now), place.availableBookingDays),
    blockedTimes: blocked,
    appointments: booked,
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
