/**
 * The SQL every reader of a place's day shares: the blocked times and bookings overlapping a
 * range (busyIntervalsSql), the weekday of a date, and the split of what they read into blocked
 * times and bookings.
 */
import { appointments, blockedTimes } from '@clube/db';
import { daysOfWeek, occupyingStatuses } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { overlapsBounds } from '../../../lib/overlaps-period';
import type { Interval } from '../slots';

/** A blocked time or a booking; `label` (staff's view): the block's reason, the member's name. */
export type BusyInterval = Interval & { placeId: string; label?: string };

/** The blocked times and bookings overlapping a range, split. */
export type Busy<
  Blocked extends Interval = BusyInterval,
  Booked extends Interval = BusyInterval,
> = {
  blocked: Blocked[];
  booked: Booked[];
};

/** Busy rows (booked or blocked) as blocked times and bookings. */
export function splitBusy(rows: Array<BusyInterval & { booked: boolean }>): Busy {
  const blocked: BusyInterval[] = [];
  const booked: BusyInterval[] = [];
  for (const { booked: isBooking, ...interval } of rows)
    (isBooking ? booked : blocked).push(interval);
  return { blocked, booked };
}

/** The statuses that hold a slot, as a list for SQL text (`status in (…)`). */
export const occupyingStatusList = sql.raw(
  occupyingStatuses.map((status) => `'${status}'`).join(', '),
);

const weekdayNames = sql.raw(`array[${daysOfWeek.map((day) => `'${day}'`).join(',')}]`);

/** The weekday name (operating_hours.day_of_week) of a date (SQL). */
export function weekdayOf(date: SQL): SQL {
  return sql`(${weekdayNames})[extract(dow from ${date})::int + 1]`;
}

/**
 * The links of the places `placesWhere` selects, both ways (a whole's parts, a part's wholes), as
 * rows `(place_id, linked_id)`: what holds a linked place holds the place too (docs/domain.md,
 * "Linked places"). `placesWhere` is given the column to select places by.
 */
export function placeLinksSql(placesWhere: (column: SQL) => SQL): SQL {
  return sql`
    select whole_place_id as place_id, part_place_id as linked_id from place_parts
    where ${placesWhere(sql`whole_place_id`)}
    union all
    select part_place_id, whole_place_id from place_parts
    where ${placesWhere(sql`part_place_id`)}`;
}

/**
 * Blocked times and slot-holding (SCHEDULED, CHECKED_IN, NO_SHOW) appointments overlapping a
 * range, of some places or of a whole club, as SQL inside a larger query; columns booked,
 * place_id, starts_at, ends_at and, with labels, label. The places (a uuid[]), the club and the
 * range's bounds (timestamptz, `from` ≤ `to`) are SQL: values, columns or placeholders. Of places:
 * the filter their range (gist) indexes answer, then the exact overlap. Of a club: its blocks by
 * their club's range index; its bookings by the (club, start) index, starting from
 * `bookingsFrom` (no booking lasts longer than the longest slot before the range).
 */
export function busyIntervalsSql(options: {
  of: { placeIds: SQL } | { companyId: SQL; bookingsFrom: SQL };
  from: SQL;
  to: SQL;
  /**
   * names: the block's reason, the booking member's name (text); sheet: the block's id and
   * reason, the booking as the day sheet shows it (json, BookingOfSheet, with its series).
   */
  labels?: 'names' | 'sheet' | 'impact';
  /** Only the bookings, not the blocked times. */
  bookingsOnly?: boolean;
}): SQL {
  const from = sql`${options.from}::timestamptz`;
  const to = sql`${options.to}::timestamptz`;
  const blockLabel = {
    names: sql`, description as label`,
    sheet: sql`, json_build_array(id, description) as label`,
    impact: sql``,
    none: sql``,
  }[options.labels ?? 'none'];
  // Members, titles and staff looked up by primary key for each booking: a join would have
  // PostgreSQL hash all of a large club's members (50 000 rows) to name a few thousand bookings.
  const bookingLabel = {
    names: sql`, (select name from associates where associates.id = appointments.associate_id) as label`,
    sheet: sql`, json_build_array(appointments.id, appointments.associate_id,
        (select json_build_array(name, card_id) from associates
          where associates.id = appointments.associate_id),
        (select name from associate_titles
          where associate_titles.id = appointments.associate_title_id),
        appointments.created_by_associate_id is not null,
        (select name from users where users.id = appointments.created_by),
        appointments.status, appointments.checked_in_at, appointments.no_show_at,
        appointments.exception_reason,
        (select json_build_array(id, activity_name) from booking_series
          where booking_series.id = appointments.series_id)) as label`,
    impact: sql`, json_build_array(appointments.id, appointments.company_id, appointments.status,
        appointments.associate_id,
        (select json_build_array(name, card_id) from associates
          where associates.id = appointments.associate_id),
        (select json_build_array(name, category_id) from places
          where places.id = appointments.place_id)) as label`,
    none: sql``,
  }[options.labels ?? 'none'];
  const { of } = options;
  const linksOf = (column: SQL) =>
    'placeIds' in of
      ? sql`${column} = any(${of.placeIds}::uuid[])`
      : sql`company_id = ${of.companyId}`;
  const links = placeLinksSql(linksOf);
  const placesRead = sql`array(select unnest(${'placeIds' in of ? of.placeIds : sql`null`}::uuid[])
    union select linked_id from links)`;
  const blocksOf =
    'placeIds' in of ? sql`place_id = any(${placesRead})` : sql`company_id = ${of.companyId}`;
  const bookingsOf =
    'placeIds' in of
      ? sql`place_id = any(${placesRead})
      and ${overlapsBounds(appointments.startsAt, appointments.endsAt, from, to)}`
      : sql`company_id = ${of.companyId}
      and starts_at >= ${of.bookingsFrom}`;
  const blocks = sql`
    select false as booked, place_id, starts_at, ends_at${blockLabel}
    from blocked_times
    where ${blocksOf}
      and ${overlapsBounds(blockedTimes.startsAt, blockedTimes.endsAt, from, to)}
      and starts_at < ${to} and ends_at > ${from}
    union all`;
  const raw = sql`${options.bookingsOnly ? sql`` : blocks}
    select true as booked, place_id, starts_at, ends_at${bookingLabel}
    from appointments
    where ${bookingsOf}
      and status in (${occupyingStatusList})
      and starts_at < ${to} and ends_at > ${from}`;
  // What a block hits (impact): each booking once, at its own place.
  if (options.labels === 'impact') return sql`with links as (${links}) ${raw}`;
  const labels = options.labels ?? 'none';
  const linkedPlaceName = sql`(select name from places where places.id = raw.place_id)`;
  // On the day sheet a linked place's booking reads as a blocked cell naming the place booked:
  // its actions (check-in, move, cancel) belong to the booking's own row.
  const linkedLabel = {
    names: sql`, ${linkedPlaceName} || coalesce(': ' || raw.label, '')`,
    sheet: sql`, json_build_array(raw.label->>0, ${linkedPlaceName} || case when raw.booked
        then ' reservado' else ': ' || (raw.label->>1) end)`,
    none: sql``,
  }[labels];
  const ownLabel = labels === 'none' ? sql`` : sql`, raw.label`;
  return sql`with links as (${links}), raw as (${raw})
    select raw.booked, raw.place_id, raw.starts_at, raw.ends_at${ownLabel} from raw
    ${'placeIds' in of ? sql`where raw.place_id = any(${of.placeIds}::uuid[])` : sql``}
    union all
    select ${labels === 'sheet' ? sql`false` : sql`raw.booked`}, links.place_id, raw.starts_at,
      raw.ends_at${linkedLabel}
    from raw join links on links.linked_id = raw.place_id`;
}
