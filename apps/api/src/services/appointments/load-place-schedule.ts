import {
  appointments,
  blockedTimes,
  categories,
  companies,
  operatingHours,
  places,
  type Database,
} from '@clube/db';
import { addDaysToDate, clubInstant, dayOfWeekOf } from '@clube/shared';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { overlapsPeriod } from '../../lib/overlaps-period';
import type { Interval, SlotGrid } from './slots';

/** A place of one of the caller's clubs, with what its calendar needs; 404 otherwise. */
export async function loadPlaceOfStaff(
  db: Database,
  placeId: string,
  companyIds: ReadonlySet<string>,
) {
  if (companyIds.size === 0) throw new AppError('PlaceNotFound');
  const [row] = await db
    .select({ place: places, timezone: companies.timezone, category: categories })
    .from(places)
    .innerJoin(companies, eq(companies.id, places.companyId))
    .innerJoin(categories, eq(categories.id, places.categoryId))
    .where(
      and(
        eq(places.id, placeId),
        inArray(places.companyId, [...companyIds]),
        isNull(places.archivedAt),
      ),
    );
  if (!row) throw new AppError('PlaceNotFound');
  return row;
}

export type PlaceOfStaff = Awaited<ReturnType<typeof loadPlaceOfStaff>>;

/** [00:00 of date, 00:00 of the next day) in the club's timezone. */
export function clubDayRange(date: string, timezone: string): Interval {
  return {
    startsAt: clubInstant(date, '00:00', timezone),
    endsAt: clubInstant(addDaysToDate(date, 1), '00:00', timezone),
  };
}

/** The slot grid of a place on a club-local date (the weekday's operating hour included). */
export async function loadSlotGrid(
  db: Database,
  place: PlaceOfStaff['place'],
  date: string,
): Promise<SlotGrid> {
  const [hour] = await db
    .select({ openTime: operatingHours.openTime, closeTime: operatingHours.closeTime })
    .from(operatingHours)
    .where(
      and(
        eq(operatingHours.companyId, place.companyId),
        eq(operatingHours.dayOfWeek, dayOfWeekOf(date)),
      ),
    );
  return {
    placeStartsAt: place.startsAt,
    placeEndsAt: place.endsAt,
    bookRange: place.bookRange,
    operatingHour: hour ?? null,
  };
}

/** Blocked times and SCHEDULED appointments of places overlapping a range, in two queries. */
export async function loadBusyIntervals(db: Database, placeIds: string[], range: Interval) {
  if (placeIds.length === 0) return { blocked: [], booked: [] };
  const [blocked, booked] = await Promise.all([
    db
      .select({
        placeId: blockedTimes.placeId,
        startsAt: blockedTimes.startsAt,
        endsAt: blockedTimes.endsAt,
      })
      .from(blockedTimes)
      .where(
        and(
          inArray(blockedTimes.placeId, placeIds),
          overlapsPeriod(blockedTimes.startsAt, blockedTimes.endsAt, range),
          lt(blockedTimes.startsAt, range.endsAt),
          gt(blockedTimes.endsAt, range.startsAt),
        ),
      ),
    db
      .select({
        placeId: appointments.placeId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
      })
      .from(appointments)
      .where(
        and(
          inArray(appointments.placeId, placeIds),
          eq(appointments.status, 'SCHEDULED'),
          overlapsPeriod(appointments.startsAt, appointments.endsAt, range),
          lt(appointments.startsAt, range.endsAt),
          gt(appointments.endsAt, range.startsAt),
        ),
      ),
  ]);
  return { blocked, booked };
}
