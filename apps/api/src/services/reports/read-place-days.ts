import { queryRows, reportHours, type Database } from '@clube/db';
import { bookingOutcomes, occupyingStatuses, type BookingOutcome } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { placeLinksSql } from '../appointments/place-day/busy-intervals';
import { placesHoursSql } from '../appointments/place-day/place-hours';
import { placeFilter, type ReportScope } from './report-scope';

/** A place's figures over one period: its slot minutes and its bookings' outcomes. */
export type PlacePeriodRow = {
  placeId: string;
  placeName: string;
  categoryId: string;
  categoryName: string;
  period: 'current' | 'previous';
  bookableMinutes: number;
  bookedMinutes: number;
} & Record<BookingOutcome, number>;

/** The current period's slot minutes of every scoped place together, per weekday and hour. */
export type WeekdayHoursRow = {
  weekday: number;
  /** Index 0 is 00:00. */
  bookableByHour: number[];
  bookedByHour: number[];
};

export type PlaceDays = { places: PlacePeriodRow[]; weekdays: WeekdayHoursRow[] };

/**
 * Raised when what a kept day's figures mean changes in this code (the statuses that hold a slot,
 * how a slot is marked…): every kept row then carries another formula and is computed again.
 */
const formula = 'occupancy-1';

/** The per-hour columns of report_place_days (bookable_00 … booked_23). */
const hourColumns = ['bookable', 'booked'].flatMap((kind) =>
  reportHours.map((hour) => `${kind}_${hour}`),
);
/** The columns in report_place_days of the bookings' outcomes a day keeps. */
const counts = bookingOutcomes.map((figure) =>
  figure.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
);

/**
 * The per-day figures of the places of a report's scope, over both periods, in ONE statement
 * whatever the period (docs/decisions/039-report-kept-figures.md). A place's day is read from
 * `report_place_days` when that row was computed at the day's current version (the writes of
 * bookings and blocked times raise it) and the club's current settings epoch (the writes of hours,
 * special days, places' grids and links raise it); every other day is computed from the bookings
 * and blocked times (computeStaleSql) and written back in the same statement. The answer is that
 * of one snapshot; a writer that commits after it leaves the written row behind, for the next
 * reader to compute again.
 */
export async function readPlaceDays(db: Database, options: ReportScope): Promise<PlaceDays> {
  const rows = await queryRows<
    (PlacePeriodRow & { kind: 'place' }) | (WeekdayHoursRow & { kind: 'weekday' })
  >(db, placeDaysSql(options));
  const places: PlacePeriodRow[] = [];
  const weekdays: WeekdayHoursRow[] = [];
  for (const { kind, ...row } of rows) {
    if (kind === 'place') places.push(row as PlacePeriodRow);
    else weekdays.push(row as WeekdayHoursRow);
  }
  return { places, weekdays };
}

/** The statement of readPlaceDays. */
export function placeDaysSql(scope: ReportScope): SQL {
  const timezone = scope.timezone;
  const kept = [...hourColumns, 'bookable_minutes', 'booked_minutes', ...counts];
  const columns = sql.raw(kept.join(', '));
  const sumOf = (kind: string) =>
    sql.raw(`array[${reportHours.map((hour) => `sum(r.${kind}_${hour})`).join(', ')}]::int[]`);
  return sql`with days as (
        select d::date as day, extract(dow from d)::int as weekday,
          case when d::date >= ${scope.current.from}::date then 'current' else 'previous' end as period
        from generate_series(${scope.previous.from}::date, ${scope.current.to}::date, interval '1 day') d),
      scoped as (
        select p.id, p.name, p.company_id, p.book_range, p.starts_at, p.ends_at,
          p.max_cancel_booking_time,
          k.id as category_id, k.name as category_name
        from places p
        join categories k on k.id = p.category_id
        where p.company_id = ${scope.companyId}::uuid
          and (p.archived_at is null or p.archived_at > ${scope.previousStartsAt.toISOString()}::timestamptz)
          ${placeFilter(scope)}),
      club as (
        select coalesce((select epoch from report_club_epochs
          where company_id = ${scope.companyId}::uuid), 0) as epoch),
      versions as (
        select v.place_id, v.day, v.version from report_place_versions v
        where v.place_id in (select id from scoped)
          and v.day between ${scope.previous.from}::date and ${scope.current.to}::date),
      kept as materialized (
        select r.place_id, r.day, ${columns}
        from report_place_days r
        cross join club c
        left join versions v on v.place_id = r.place_id and v.day = r.day
        where r.place_id in (select id from scoped)
          and r.day between ${scope.previous.from}::date and ${scope.current.to}::date
          and r.version = coalesce(v.version, 0) and r.epoch = c.epoch and r.formula = ${formula}),
      stale_keys as materialized (
        select p.id as place_id, d.day, coalesce(v.version, 0) as version
        from scoped p
        cross join days d
        left join versions v on v.place_id = p.id and v.day = d.day
        -- Read only when some day is not kept (a one-time filter: the usual warm read skips it).
        where (select count(*) from kept) < (select count(*) from scoped) * (select count(*) from days)
          and not exists (select 1 from kept k where k.place_id = p.id and k.day = d.day)),
      stale_places as (select * from scoped where id in (select place_id from stale_keys)),
      stale_days as (select * from days where day in (select day from stale_keys)),
      place_days as (${placesHoursSql(sql`stale_places`, sql`stale_days`)}),
      stale as materialized (${staleGridSql(timezone)}),
      ${computeStaleSql(timezone)},
      saved as (
        insert into report_place_days (place_id, day, version, epoch, formula, ${columns})
        select place_id, day, version, (select epoch from club), ${formula}, ${columns}
        from computed
        order by place_id, day
        on conflict (place_id, day) do update set version = excluded.version,
          epoch = excluded.epoch, formula = excluded.formula,
          ${sql.raw(kept.map((column) => `${column} = excluded.${column}`).join(', '))}),
      figures as not materialized (
        select place_id, day, ${columns} from kept
        union all
        select place_id, day, ${columns} from computed)
      select 'place' as kind, p.id as "placeId", p.name as "placeName",
        p.category_id as "categoryId", p.category_name as "categoryName", d.period,
        null::int as weekday, sum(r.bookable_minutes)::int as "bookableMinutes",
        sum(r.booked_minutes)::int as "bookedMinutes",
        ${sql.raw(bookingOutcomes.map((figure, index) => `sum(r.${counts[index]})::int as "${figure}"`).join(', '))},
        null::int[] as "bookableByHour", null::int[] as "bookedByHour"
      from figures r
      join scoped p on p.id = r.place_id
      join days d on d.day = r.day
      group by p.id, p.name, p.category_id, p.category_name, d.period
      union all
      select 'weekday', null, null, null, null, 'current', d.weekday, null, null,
        ${sql.raw(bookingOutcomes.map(() => 'null').join(', '))},
        ${sumOf('bookable')}, ${sumOf('booked')}
      from figures r
      join days d on d.day = r.day and d.period = 'current'
      group by d.weekday`;
}

/**
 * The stale place days with their slot grid: the place's hours inside the hours the booking engine
 * gives the place that date (its special day, else the club's week narrowed by the place's own,
 * placesHoursSql), a slot every `book_range` minutes — the grid the booking rules offer; a closed
 * day has no slot.
 */
function staleGridSql(timezone: string): SQL {
  return sql`
    select k.place_id, k.day, k.version, p.book_range, o.opens, o.opens_at,
      case when o.open then extract(epoch from (o.closes - o.opens))::int / 60 / p.book_range
        else 0 end as slot_count,
      case when o.open then abs(extract(epoch from o.closes_at - o.opens_at - (o.closes - o.opens)) / 60)
        else 0 end as shift
    from stale_keys k
    join place_days h on h.place_id = k.place_id and h.day = k.day
    join scoped p on p.id = k.place_id
    cross join lateral (select greatest(p.starts_at, h.open_time) as opens,
      least(p.ends_at, h.close_time) as closes) w
    cross join lateral (select h.open_time is not null and w.opens < w.closes as open, w.opens,
      w.closes, (k.day + w.opens) at time zone ${timezone} as opens_at,
      (k.day + w.closes) at time zone ${timezone} as closes_at) o`;
}

/**
 * The figures of the `stale` place days, as CTEs ending in `computed`. Nothing is looked up per
 * slot (a large club's month has some 200 000 slots): each booking and each block of the stale
 * days' window is mapped onto the slot numbers of the days it touches by arithmetic (the
 * candidates widened by the day's change of UTC offset, then checked exactly); a slot overlapping
 * a block, or a booking or block of a linked place, leaves the bookable minutes (the engine
 * refuses it), a
 * bookable slot overlapped by a booking that holds its time is booked. The bookings that start on
 * the day are counted by what became of them; a cancellation is late when it came after the
 * place's deadline (`max_cancel_booking_time` hours before the start).
 */
function computeStaleSql(timezone: string): SQL {
  const statuses = sql.join(
    occupyingStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  // Bookings count for a slot that starts less than a day after them; blocks for any slot.
  const window = sql`(select (min(day) - 2)::timestamp at time zone ${timezone} as starts_at,
      (max(day) + 2)::timestamp at time zone ${timezone} as ends_at from stale)`;
  const byHour = (column: string) =>
    sql.raw(
      reportHours
        .map(
          (hour) =>
            `coalesce(sum(${column}) filter (where hour = ${Number(hour)}), 0)::int as ${column}_${hour}`,
        )
        .join(', '),
    );
  return sql`
    stale_window as materialized ${window},
    spans as materialized (
      select s.place_id, s.starts_at, s.ends_at, s.mark, d::date as day
      from (
        select a.place_id, a.starts_at, least(a.ends_at, a.starts_at + interval '1 day') as ends_at,
          2 as mark
        from appointments a, stale_window w
        where a.place_id in (select place_id from stale)
          and a.starts_at > w.starts_at and a.starts_at < w.ends_at
          and a.status in (${statuses})
        union all
        -- A booking of a linked place (a part of the place, or a whole it is part of) holds
        -- the place's time too: the engine refuses it, so it leaves the denominator like a block.
        select l.place_id, a.starts_at, least(a.ends_at, a.starts_at + interval '1 day'), 1
        from (${placeLinksSql((column) => sql`${column} in (select place_id from stale)`)}) l
        join appointments a on a.place_id = l.linked_id
        cross join stale_window w
        where a.starts_at > w.starts_at and a.starts_at < w.ends_at
          and a.status in (${statuses})
        union all
        select b.place_id, b.starts_at, b.ends_at, 1
        from blocked_times b, stale_window w
        where b.place_id in (select place_id from stale)
          and b.starts_at < w.ends_at and b.ends_at > w.starts_at
        union all
        -- Blocks travel across links both ways, like bookings.
        select l.place_id, b.starts_at, b.ends_at, 1
        from (${placeLinksSql((column) => sql`${column} in (select place_id from stale)`)}) l
        join blocked_times b on b.place_id = l.linked_id
        cross join stale_window w
        where b.starts_at < w.ends_at and b.ends_at > w.starts_at) s
      cross join lateral generate_series(
        ((s.starts_at at time zone ${timezone}) - interval '3 hours')::date,
        ((s.ends_at at time zone ${timezone}) + interval '3 hours')::date, interval '1 day') d),
    marked as (
      select g.place_id, g.day, g.book_range,
        extract(hour from g.opens + make_interval(mins => n * g.book_range))::int as hour,
        bool_or(s.mark = 1) as blocked, bool_or(s.mark = 2) as booked
      from spans s
      join stale g on g.place_id = s.place_id and g.day = s.day
      cross join lateral generate_series(
        greatest(0, floor((extract(epoch from s.starts_at - g.opens_at) / 60 - g.shift) / g.book_range)::int),
        least(g.slot_count - 1,
          ceil((extract(epoch from s.ends_at - g.opens_at) / 60 + g.shift) / g.book_range)::int - 1)) n
      cross join lateral (select case when g.shift = 0
          then g.opens_at + make_interval(mins => n * g.book_range)
          else (g.day + g.opens + make_interval(mins => n * g.book_range)) at time zone ${timezone}
        end as starts_at) slot
      where g.slot_count > 0
        and s.starts_at < slot.starts_at + make_interval(mins => g.book_range)
        and s.ends_at > slot.starts_at
      group by g.place_id, g.day, n, g.book_range, g.opens),
    slot_hours as (
      select g.place_id, g.day,
        extract(hour from g.opens + make_interval(mins => n * g.book_range))::int as hour,
        g.book_range as minutes, 0 as blocked, 0 as booked
      from stale g
      cross join lateral generate_series(0, g.slot_count - 1) n
      union all
      select place_id, day, hour, 0, book_range * (blocked)::int,
        book_range * (booked and not blocked)::int
      from marked),
    hourly as (
      select place_id, day, hour, sum(minutes - blocked) as bookable, sum(booked) as booked
      from slot_hours
      group by place_id, day, hour),
    by_hour as (
      select place_id, day, ${byHour('bookable')}, ${byHour('booked')},
        sum(bookable)::int as bookable_minutes, sum(booked)::int as booked_minutes
      from hourly
      group by place_id, day),
    outcomes as (
      select a.place_id, (a.starts_at at time zone ${timezone})::date as day,
        count(*)::int as bookings,
        count(*) filter (where a.status = 'CANCELLED')::int as cancellations,
        count(*) filter (where a.status = 'CANCELLED'
          and a.cancelled_at > a.starts_at - make_interval(hours => p.max_cancel_booking_time))::int
          as late_cancellations,
        count(*) filter (where a.status = 'CHECKED_IN')::int as check_ins,
        count(*) filter (where a.status = 'NO_SHOW')::int as no_shows,
        count(*) filter (where a.created_by_associate_id is not null)::int as portal_bookings,
        count(*) filter (where a.created_by_associate_id is null)::int as staff_bookings,
        count(*) filter (where a.exception_reason is not null)::int as exceptions
      from appointments a
      join scoped p on p.id = a.place_id
      cross join stale_window w
      where a.place_id in (select place_id from stale)
        and a.starts_at > w.starts_at and a.starts_at < w.ends_at
      group by 1, 2),
    computed as (
      select g.place_id, g.day, g.version,
        ${sql.raw(hourColumns.map((column) => `coalesce(h.${column}, 0) as ${column}`).join(', '))},
        coalesce(h.bookable_minutes, 0) as bookable_minutes,
        coalesce(h.booked_minutes, 0) as booked_minutes,
        ${sql.raw(counts.map((column) => `coalesce(o.${column}, 0) as ${column}`).join(', '))}
      from stale g
      left join by_hour h on h.place_id = g.place_id and h.day = g.day
      left join outcomes o on o.place_id = g.place_id and o.day = g.day)`;
}
