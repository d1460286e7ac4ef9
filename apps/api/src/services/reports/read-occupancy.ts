import { queryRows, type Database } from '@clube/db';
import { occupyingStatuses, type Report } from '@clube/shared';
import { sql } from 'drizzle-orm';
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

const weekdayNames = sql.raw(
  `array['DOMINGO','SEGUNDA','TERCA','QUARTA','QUINTA','SEXTA','SABADO']`,
);

/**
 * Bookable and booked slot minutes per place, period, weekday and hour, in ONE statement whatever
 * the period: every day of both periods is laid out with each place's slot grid (the place's hours
 * inside the club's operating hours of that weekday, every `book_range` minutes — the grid the
 * booking rules offer), a slot overlapping a block is left out, and a bookable slot is booked
 * when a booking that holds its time (not cancelled) overlaps it. A closed day has no operating
 * hour, so no slot: closed, blocked and outside-hours time never enter the denominator.
 *
 * Nothing is looked up per slot (a large club's month has some 200 000 slots): each booking and
 * each block is mapped onto the slot numbers of the days it touches by arithmetic (the candidates
 * widened by the day's change of UTC offset, then checked exactly), and the grid and these marks
 * are grouped by slot, then by place, weekday and hour: no join of rows × slots.
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
        select d::date as day,
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
      grid as (
        select p.id as place_id, p.name as place_name, p.category_id, p.category_name,
          p.book_range, days.day, days.period, o.opens, o.closes,
          extract(epoch from (o.closes - o.opens))::int / 60 / p.book_range as slot_count,
          (days.day + o.opens) at time zone ${timezone} as opens_at,
          abs(extract(epoch from ((days.day + o.closes) at time zone ${timezone})
            - ((days.day + o.opens) at time zone ${timezone}) - (o.closes - o.opens)) / 60) as shift
        from scoped p
        join days on true
        join operating_hours oh on oh.company_id = p.company_id
          and oh.day_of_week = (${weekdayNames})[extract(dow from days.day)::int + 1]
        cross join lateral (select greatest(p.starts_at, oh.open_time) as opens,
          least(p.ends_at, oh.close_time) as closes) o
        where o.opens < o.closes),
      slots as (
        select g.place_id, g.period, g.book_range, g.day, n,
          extract(dow from g.day)::int as weekday,
          extract(hour from g.opens + make_interval(mins => n * g.book_range))::int as hour,
          0 as mark
        from grid g
        cross join lateral generate_series(0, g.slot_count - 1) n),
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
          select b.place_id, b.starts_at, b.ends_at, 1
          from blocked_times b
          where b.place_id in (select id from scoped)
            and b.starts_at < ${spanTo} and b.ends_at > ${spanFrom}) s
        cross join lateral generate_series(
          ((s.starts_at at time zone ${timezone}) - interval '3 hours')::date,
          ((s.ends_at at time zone ${timezone}) + interval '3 hours')::date, interval '1 day') d),
      touched as (
        select g.place_id, g.period, g.book_range, g.day, n,
          extract(dow from g.day)::int as weekday,
          extract(hour from g.opens + make_interval(mins => n * g.book_range))::int as hour,
          s.mark
        from spans s
        join grid g on g.place_id = s.place_id and g.day = s.day
        cross join lateral generate_series(
          greatest(0, floor((extract(epoch from s.starts_at - g.opens_at) / 60 - g.shift) / g.book_range)::int),
          least(g.slot_count - 1,
            ceil((extract(epoch from s.ends_at - g.opens_at) / 60 + g.shift) / g.book_range)::int - 1)) n
        cross join lateral (select (g.day + g.opens + make_interval(mins => n * g.book_range))
          at time zone ${timezone} as starts_at) slot
        where s.starts_at < slot.starts_at + make_interval(mins => g.book_range)
          and s.ends_at > slot.starts_at),
      marked as (
        select place_id, period, weekday, hour, book_range,
          bool_or(mark = 1) as blocked, bool_or(mark = 2) as booked
        from (select * from slots union all select * from touched) m
        group by place_id, day, n, period, weekday, hour, book_range),
      cells as (
        select place_id, period, weekday, hour,
          coalesce(sum(book_range) filter (where not blocked), 0)::int as bookable,
          coalesce(sum(book_range) filter (where not blocked and booked), 0)::int as booked
        from marked
        group by place_id, period, weekday, hour)
      select p.id as "placeId", p.name as "placeName", p.category_id as "categoryId",
        p.category_name as "categoryName", c.period, c.weekday, c.hour, c.bookable, c.booked
      from cells c
      join scoped p on p.id = c.place_id`,
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
