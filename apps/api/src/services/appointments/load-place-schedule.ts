import { appointments, blockedTimes, companies, queryRows, type Database } from '@clube/db';
import { addDaysToDate, clubInstant, daysOfWeek, occupyingStatuses } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { overlapsBounds } from '../../lib/overlaps-period';
import type { Interval, SlotGrid } from './slots';

/** The club-local day a calendar is read for: a date, or the day an instant falls on. */
export type ClubDay = { date: string } | { instant: Date };

const weekdayNames = sql.raw(`array[${daysOfWeek.map((day) => `'${day}'`).join(',')}]`);

/** The weekday name of an instant (SQL: a value or a placeholder) in the club's timezone. */
export function weekdayAt(instant: SQL): SQL {
  const dayOfWeek = sql`extract(dow from ${instant}::timestamptz at time zone ${companies.timezone})`;
  return sql`(${weekdayNames})[${dayOfWeek}::int + 1]`;
}

/** [00:00 of date, 00:00 of the next day) in the club's timezone. */
export function clubDayRange(date: string, timezone: string): Interval {
  return {
    startsAt: clubInstant(date, '00:00', timezone),
    endsAt: clubInstant(addDaysToDate(date, 1), '00:00', timezone),
  };
}

/** The slot grid of a place on a day whose operating hour (null when closed) is known. */
export function slotGridOf(
  place: { startsAt: string; endsAt: string; bookRange: number },
  operatingHour: SlotGrid['operatingHour'],
): SlotGrid {
  return {
    placeStartsAt: place.startsAt,
    placeEndsAt: place.endsAt,
    bookRange: place.bookRange,
    operatingHour,
  };
}

/** A blocked time or a booking; `label` (staff's view): the block's reason, the member's name. */
type BusyInterval = Interval & { placeId: string; label?: string };

/** The statuses that hold a slot, as a list for SQL text (`status in (…)`). */
export const occupyingStatusList = sql.raw(
  occupyingStatuses.map((status) => `'${status}'`).join(', '),
);

/**
 * Blocked times and slot-holding (SCHEDULED, CHECKED_IN, NO_SHOW) appointments of places
 * overlapping a range, as SQL to read alone (loadBusyIntervals) or inside a larger query
 * (readPlaceContext, ./place-day); columns booked, place_id, starts_at, ends_at. The places (a uuid[]) and the
 * range's bounds (timestamptz, `from` ≤ `to`) are SQL: values, or placeholders of a prepared
 * statement. The filter the range (gist) indexes answer, then the exact overlap.
 */
export function busyIntervalsSql(options: {
  placeIds: SQL;
  from: SQL;
  to: SQL;
  /** Adds a column label: the block's reason, the booking member's name. */
  labels?: boolean;
}): SQL {
  const placeIds = sql`any(${options.placeIds}::uuid[])`;
  const from = sql`${options.from}::timestamptz`;
  const to = sql`${options.to}::timestamptz`;
  const blockLabel = options.labels ? sql`, description as label` : sql``;
  const bookingLabel = options.labels
    ? sql`, (select name from associates where associates.id = appointments.associate_id)`
    : sql``;
  return sql`
    select false as booked, place_id, starts_at, ends_at${blockLabel}
    from blocked_times
    where place_id = ${placeIds}
      and ${overlapsBounds(blockedTimes.startsAt, blockedTimes.endsAt, from, to)}
      and starts_at < ${to} and ends_at > ${from}
    union all
    select true, place_id, starts_at, ends_at${bookingLabel}
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
