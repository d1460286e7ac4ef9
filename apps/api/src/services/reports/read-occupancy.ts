import { queryRows, type Database } from '@clube/db';
import { occupyingStatuses, type Report } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { placeLinksSql } from '../appointments/place-day/busy-intervals';
import { placesHoursSql } from '../appointments/place-day/place-hours';
import { placeFilter, type ReportScope } from './report-scope';

type CellRow = {
  placeId: string;
  placeName: string;
  categoryId: string;
  categoryName: string;
  period: 'current' | 'previous';
  weekday: number;
  hour: number;
  bookable: number;
  booked: number;
};

/**
 * Bookable and booked slot minutes per place, period, weekday and hour, in ONE statement whatever
 * the period: every day of both periods is laid out with each place's slot grid (the place's hours
 * inside the hours the booking engine gives the place that date — its special day, else the
 * club's week narrowed by the place's own, placesHoursSql —, every `book_range` minutes: the grid
 * the booking rules offer), a slot overlapping a block or a booking of a linked place is left
 * out, and a bookable slot is booked when a booking that holds its time (not cancelled) overlaps
 * it. A closed day has no hours, so no slot: closed, blocked, linked-booked and outside-hours time
 * never enter the denominator.
 *
 * Nothing is looked up per slot (a large club's month has some 200 000 slots): each booking and
 * each block is mapped onto the slot numbers of the days it touches by arithmetic (the candidates
 * widened by the day's change of UTC offset, then checked exactly), grouped by slot then by
 * place, weekday and hour, and subtracted from the open minutes of each place's days, counted
 * once per distinct grid: no join of rows × slots, no row per open slot.
 */
async function readCells(db: Database, options: ReportScope): Promise<CellRow[]> {
  const scope = options;
  const statuses = sql.join(
    occupyingStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const timezone = scope.timezone;
  // Bookings count for a slot that starts less than a day after them; blocks for any slot.
  const spanFrom = sql`(${scope.previous.from}::date - 2)::timestamp at time zone ${timezone}`;
  const spanTo = sql`(${scope.current.to}::date + 2)::timestamp at time zone ${timezone}`;
  return queryRows<CellRow>(
    db,
    sql`with days as (
        select d::date as day, extract(dow from d)::int as weekday,
          case when d::date >= ${scope.current.from}::date then 'current' else 'previous' end as period
        from generate_series(${scope.previous.from}::date, ${scope.current.to}::date, interval '1 day') d),
      scoped as (
        select p.id, p.name, p.company_id, p.book_range, p.starts_at, p.ends_at,
          k.id as category_id, k.name as category_name
        from places p
        join categories k on k.id = p.category_id
        where p.company_id = ${scope.companyId}::uuid
          and (p.archived_at is null or p.archived_at > ${scope.previousStartsAt.toISOString()}::timestamptz)
          ${placeFilter(scope)}),
      place_days as (${placesHoursSql(sql`scoped`, sql`days`)}),
      grid as materialized (
        select p.id as place_id, p.book_range, days.weekday, days.day, days.period, o.opens, o.closes,
          extract(epoch from (o.closes - o.opens))::int / 60 / p.book_range as slot_count,
          (days.day + o.opens) at time zone ${timezone} as opens_at,
          abs(extract(epoch from ((days.day + o.closes) at time zone ${timezone})
            - ((days.day + o.opens) at time zone ${timezone}) - (o.closes - o.opens)) / 60) as shift
        from place_days h
        join scoped p on p.id = h.place_id
        join days on days.day = h.day
        cross join lateral (select greatest(p.starts_at, h.open_time) as opens,
          least(p.ends_at, h.close_time) as closes) o
        where h.open_time is not null and o.opens < o.closes),
      open_minutes as (
        select g.place_id, g.period, g.weekday,
          extract(hour from g.opens + make_interval(mins => n * g.book_range))::int as hour,
          sum(g.book_range * g.days)::int as minutes
        from (select place_id, period, weekday, opens, book_range, slot_count, count(*) as days
          from grid group by 1, 2, 3, 4, 5, 6) g
        cross join lateral generate_series(0, g.slot_count - 1) n
        group by 1, 2, 3, 4),
      spans as materialized (
        select s.place_id, s.starts_at, s.ends_at, s.mark, d::date as day
        from (
          select a.place_id, a.starts_at, least(a.ends_at, a.starts_at + interval '1 day') as ends_at,
            2 as mark
          from appointments a
          where a.place_id in (select id from scoped)
            and a.starts_at > ${spanFrom} and a.starts_at < ${spanTo}
            and a.status in (${statuses})
          union all
          -- A booking of a linked place (a part of the place, or a whole it is part of) holds
          -- the place's time too: the engine refuses it, so it leaves the denominator like a block.
          select l.place_id, a.starts_at, least(a.ends_at, a.starts_at + interval '1 day'), 1
          from (${placeLinksSql((column) => sql`${column} in (select id from scoped)`)}) l
          join appointments a on a.place_id = l.linked_id
          where a.starts_at > ${spanFrom} and a.starts_at < ${spanTo}
            and a.status in (${statuses})
          union all
          select b.place_id, b.starts_at, b.ends_at, 1
          from blocked_times b
          where b.place_id in (select id from scoped)
            and b.starts_at < ${spanTo} and b.ends_at > ${spanFrom}) s
        cross join lateral generate_series(
          ((s.starts_at at time zone ${timezone}) - interval '3 hours')::date,
          ((s.ends_at at time zone ${timezone}) + interval '3 hours')::date, interval '1 day') d),
      marked as (
        select g.place_id, g.period, g.weekday, g.book_range,
          extract(hour from g.opens + make_interval(mins => n * g.book_range))::int as hour,
          bool_or(s.mark = 1) as blocked, bool_or(s.mark = 2) as booked
        from spans s
        join grid g on g.place_id = s.place_id and g.day = s.day
        cross join lateral generate_series(
          greatest(0, floor((extract(epoch from s.starts_at - g.opens_at) / 60 - g.shift) / g.book_range)::int),
          least(g.slot_count - 1,
            ceil((extract(epoch from s.ends_at - g.opens_at) / 60 + g.shift) / g.book_range)::int - 1)) n
        cross join lateral (select case when g.shift = 0
            then g.opens_at + make_interval(mins => n * g.book_range)
            else (g.day + g.opens + make_interval(mins => n * g.book_range)) at time zone ${timezone}
          end as starts_at) slot
        where s.starts_at < slot.starts_at + make_interval(mins => g.book_range)
          and s.ends_at > slot.starts_at
        group by g.place_id, g.day, n, g.period, g.weekday, g.book_range, g.opens),
      taken as (
        select place_id, period, weekday, hour,
          coalesce(sum(book_range) filter (where blocked), 0) as blocked,
          coalesce(sum(book_range) filter (where booked and not blocked), 0) as booked
        from marked
        group by place_id, period, weekday, hour)
      select p.id as "placeId", p.name as "placeName", p.category_id as "categoryId",
        p.category_name as "categoryName", o.period, o.weekday, o.hour,
        (o.minutes - coalesce(t.blocked, 0))::int as bookable, coalesce(t.booked, 0)::int as booked
      from open_minutes o
      join scoped p on p.id = o.place_id
      left join taken t on t.place_id = o.place_id and t.period = o.period
        and t.weekday = o.weekday and t.hour = o.hour`,
  );
}

type Totals = {
  bookable: { current: number; previous: number };
  booked: { current: number; previous: number };
};

const emptyTotals = (): Totals => ({
  bookable: { current: 0, previous: 0 },
  booked: { current: 0, previous: 0 },
});

const add = (totals: Totals, row: CellRow) => {
  totals.bookable[row.period] += Number(row.bookable);
  totals.booked[row.period] += Number(row.booked);
};

const figures = (totals: Totals) => ({
  bookableMinutes: totals.bookable,
  bookedMinutes: totals.booked,
});

/** Occupancy of the period by place, category, and weekday × hour, beside the previous period. */
export async function readOccupancy(
  db: Database,
  options: ReportScope,
): Promise<Report['occupancy']> {
  const scope = options;
  const cells = await readCells(db, scope);
  const total = emptyTotals();
  const places = new Map<string, { name: string; categoryName: string; totals: Totals }>();
  const categories = new Map<string, { name: string; totals: Totals }>();
  const heatmap = new Map<string, { weekday: number; hour: number; totals: Totals }>();
  for (const cell of cells) {
    add(total, cell);
    const place = places.get(cell.placeId) ?? {
      name: cell.placeName,
      categoryName: cell.categoryName,
      totals: emptyTotals(),
    };
    places.set(cell.placeId, place);
    add(place.totals, cell);
    const category = categories.get(cell.categoryId) ?? {
      name: cell.categoryName,
      totals: emptyTotals(),
    };
    categories.set(cell.categoryId, category);
    add(category.totals, cell);
    const key = `${cell.weekday}.${cell.hour}`;
    const slot = heatmap.get(key) ?? {
      weekday: cell.weekday,
      hour: cell.hour,
      totals: emptyTotals(),
    };
    heatmap.set(key, slot);
    add(slot.totals, cell);
  }
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name.localeCompare(b.name, 'pt-BR');
  return {
    total: figures(total),
    places: [...places.entries()]
      .map(([id, place]) => ({
        id,
        name: place.name,
        categoryName: place.categoryName,
        ...figures(place.totals),
      }))
      .sort(byName),
    categories: [...categories.entries()]
      .map(([id, category]) => ({ id, name: category.name, ...figures(category.totals) }))
      .sort(byName),
    heatmap: [...heatmap.values()]
      .filter((cell) => cell.totals.bookable.current > 0)
      .map((cell) => ({
        weekday: cell.weekday,
        hour: cell.hour,
        bookableMinutes: cell.totals.bookable.current,
        bookedMinutes: cell.totals.booked.current,
      }))
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
}
