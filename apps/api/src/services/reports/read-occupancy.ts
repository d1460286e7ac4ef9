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
 */
async function readCells(db: Database, options: ReportScope): Promise<CellRow[]> {
  const scope = options;
  const statuses = sql.join(
    occupyingStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  return queryRows<CellRow>(
    db,
    sql`with days as (
        select d::date as day,
          case when d::date >= ${scope.current.from}::date then 'current' else 'previous' end as period
        from generate_series(${scope.previous.from}::date, ${scope.current.to}::date, interval '1 day') d),
      grid as (
        select p.id as place_id, p.name as place_name, k.id as category_id, k.name as category_name,
          p.book_range, days.day, days.period,
          greatest(p.starts_at, oh.open_time) as opens, least(p.ends_at, oh.close_time) as closes
        from places p
        join categories k on k.id = p.category_id
        join days on true
        join operating_hours oh on oh.company_id = p.company_id
          and oh.day_of_week = (${weekdayNames})[extract(dow from days.day)::int + 1]
        where p.company_id = ${scope.companyId}::uuid
          and (p.archived_at is null or p.archived_at > ${scope.previousStartsAt.toISOString()}::timestamptz)
          ${placeFilter(scope)}),
      slots as (
        select g.place_id, g.place_name, g.category_id, g.category_name, g.period, g.book_range,
          extract(dow from g.day)::int as weekday,
          extract(hour from g.opens + make_interval(mins => n * g.book_range))::int as hour,
          ((g.day + g.opens + make_interval(mins => n * g.book_range)) at time zone ${scope.timezone}) as starts_at
        from grid g
        cross join lateral generate_series(0,
          (extract(epoch from (g.closes - g.opens))::int / 60 / g.book_range) - 1) n
        where g.opens < g.closes),
      marked as (
        select s.*,
          exists(select 1 from blocked_times b
            where b.place_id = s.place_id
              and b.starts_at < s.starts_at + make_interval(mins => s.book_range)
              and b.ends_at > s.starts_at) as blocked,
          exists(select 1 from appointments a
            where a.place_id = s.place_id
              and a.starts_at > s.starts_at - interval '1 day'
              and a.starts_at < s.starts_at + make_interval(mins => s.book_range)
              and a.ends_at > s.starts_at
              and a.status in (${statuses})) as booked
        from slots s)
      select place_id as "placeId", place_name as "placeName", category_id as "categoryId",
        category_name as "categoryName", period, weekday, hour,
        coalesce(sum(book_range) filter (where not blocked), 0)::int as bookable,
        coalesce(sum(book_range) filter (where not blocked and booked), 0)::int as booked
      from marked
      group by place_id, place_name, category_id, category_name, period, weekday, hour`,
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
