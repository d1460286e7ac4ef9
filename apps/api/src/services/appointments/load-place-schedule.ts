import {
  appointments,
  blockedTimes,
  categories,
  companies,
  operatingHours,
  places,
  queryRows,
  type Database,
} from '@clube/db';
import {
  addDaysToDate,
  clubInstant,
  dayOfWeekOf,
  daysOfWeek,
  occupyingStatuses,
} from '@clube/shared';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { overlapsBounds } from '../../lib/overlaps-period';
import type { Interval, SlotGrid } from './slots';

/** The club-local day a calendar is read for: a date, or the day an instant falls on. */
export type ClubDay = { date: string } | { instant: Date };

const weekdayNames = sql.raw(`array[${daysOfWeek.map((day) => `'${day}'`).join(',')}]`);

/**
 * The weekday name (operating_hours.day_of_week) of the club day. For an instant the database
 * computes it in the club's timezone, which the same query reads.
 */
export function weekdayOf(day: ClubDay): SQL {
  if ('date' in day) return sql`${dayOfWeekOf(day.date)}`;
  return weekdayAt(sql`${day.instant.toISOString()}`);
}

/** The weekday name of an instant (SQL: a value or a placeholder) in the club's timezone. */
export function weekdayAt(instant: SQL): SQL {
  const dayOfWeek = sql`extract(dow from ${instant}::timestamptz at time zone ${companies.timezone})`;
  return sql`(${weekdayNames})[${dayOfWeek}::int + 1]`;
}

/**
 * A place of one of the caller's clubs, with what its calendar needs (the club's timezone, the
 * category, and the operating hour of the weekday of `day`, null when closed); 404 otherwise.
 * One query: the calendar and the booking read it on every request.
 */
export type LoadPlaceOfStaffOptions = {
  placeId: string;
  /** The clubs the place must belong to (the caller's). */
  companyIds: ReadonlySet<string>;
  day: ClubDay;
};

export async function loadPlaceOfStaff(db: Database, options: LoadPlaceOfStaffOptions) {
  const { placeId, companyIds, day } = options;
  if (companyIds.size === 0) throw new AppError('PlaceNotFound');
  const [row] = await db
    .select({
      // Only what the calendar and the booking rules read: every column costs its parsing on
      // every request (a timestamp becomes a Date), measurable on the embedded database.
      place: {
        id: places.id,
        companyId: places.companyId,
        categoryId: places.categoryId,
        startsAt: places.startsAt,
        endsAt: places.endsAt,
        bookRange: places.bookRange,
        associateReservationLimit: places.associateReservationLimit,
        availableBookingDays: places.availableBookingDays,
        ageRestriction: places.ageRestriction,
      },
      timezone: companies.timezone,
      category: {
        blockedAppointmentDay: categories.blockedAppointmentDay,
        notAppointmentPreviousDayTime: categories.notAppointmentPreviousDayTime,
      },
      operatingHour: { openTime: operatingHours.openTime, closeTime: operatingHours.closeTime },
    })
    .from(places)
    .innerJoin(companies, eq(companies.id, places.companyId))
    .innerJoin(categories, eq(categories.id, places.categoryId))
    .leftJoin(
      operatingHours,
      and(
        eq(operatingHours.companyId, places.companyId),
        eq(operatingHours.dayOfWeek, weekdayOf(day)),
      ),
    )
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

/** The slot grid of a place on a day whose operating hour (null when closed) is known. */
export function slotGridOf(
  place: Pick<PlaceOfStaff['place'], 'startsAt' | 'endsAt' | 'bookRange'>,
  operatingHour: SlotGrid['operatingHour'],
): SlotGrid {
  return {
    placeStartsAt: place.startsAt,
    placeEndsAt: place.endsAt,
    bookRange: place.bookRange,
    operatingHour,
  };
}

type BusyInterval = Interval & { placeId: string };

/** The statuses that hold a slot, as a list for SQL text (`status in (…)`). */
export const occupyingStatusList = sql.raw(
  occupyingStatuses.map((status) => `'${status}'`).join(', '),
);

/**
 * Blocked times and slot-holding (SCHEDULED, CHECKED_IN, NO_SHOW) appointments of places
 * overlapping a range, as SQL to read alone (loadBusyIntervals) or inside a larger query
 * (readPlaceContext); columns booked, place_id, starts_at, ends_at. The places (a uuid[]) and the
 * range's bounds (timestamptz, `from` ≤ `to`) are SQL: values, or placeholders of a prepared
 * statement. The filter the range (gist) indexes answer, then the exact overlap.
 */
export function busyIntervalsSql(options: { placeIds: SQL; from: SQL; to: SQL }): SQL {
  const placeIds = sql`any(${options.placeIds}::uuid[])`;
  const from = sql`${options.from}::timestamptz`;
  const to = sql`${options.to}::timestamptz`;
  return sql`
    select false as booked, place_id, starts_at, ends_at
    from blocked_times
    where place_id = ${placeIds}
      and ${overlapsBounds(blockedTimes.startsAt, blockedTimes.endsAt, from, to)}
      and starts_at < ${to} and ends_at > ${from}
    union all
    select true, place_id, starts_at, ends_at
    from appointments
    where place_id = ${placeIds}
      and status in (${occupyingStatusList})
      and ${overlapsBounds(appointments.startsAt, appointments.endsAt, from, to)}
      and starts_at < ${to} and ends_at > ${from}`;
}

/** Blocked times and slot-holding appointments of places overlapping a range, in one query. */
export async function loadBusyIntervals(
  db: Database,
  options: { placeIds: string[]; range: Interval },
): Promise<Busy> {
  const { placeIds, range } = options;
  // An inverted range overlaps nothing (and tstzrange would refuse it).
  if (placeIds.length === 0 || range.startsAt > range.endsAt) return { blocked: [], booked: [] };
  // Instants through JSON: ISO text on both drivers, whatever their own timestamp parsing.
  const rows = await queryRows<{
    booked: boolean;
    placeId: string;
    startsAt: string;
    endsAt: string;
  }>(
    db,
    sql`select b.booked, b.place_id as "placeId", to_json(b.starts_at) as "startsAt",
      to_json(b.ends_at) as "endsAt"
    from (${busyIntervalsSql({
      placeIds: sql`${sql.param(placeIds)}`,
      from: sql`${range.startsAt.toISOString()}`,
      to: sql`${range.endsAt.toISOString()}`,
    })}) b`,
  );
  return splitBusy(
    rows.map((row) => ({
      ...row,
      startsAt: new Date(row.startsAt),
      endsAt: new Date(row.endsAt),
    })),
  );
}

/** The blocked times and bookings overlapping a range, split. */
export type Busy = { blocked: BusyInterval[]; booked: BusyInterval[] };

/** Busy rows (booked or blocked) as blocked times and bookings. */
export function splitBusy(rows: Array<BusyInterval & { booked: boolean }>): Busy {
  const blocked: BusyInterval[] = [];
  const booked: BusyInterval[] = [];
  for (const { booked: isBooking, ...interval } of rows)
    (isBooking ? booked : blocked).push(interval);
  return { blocked, booked };
}
