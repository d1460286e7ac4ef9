/**
 * What a series' dates meet at its place, in one statement whatever their number: the club's
 * operating hours of every weekday, and for each date the first booking overlapping it (who holds
 * it: the activity's name or the member's) and the first blocked time (its reason).
 */
import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import { occupyingStatusList } from '../appointments/place-day/busy-intervals';
import type { Interval } from '../appointments/slots';

export type SeriesDateHolders = {
  /** The club's operating hours by weekday name (operating_hours.day_of_week). */
  hours: Record<string, { openTime: string; closeTime: string }>;
  /** For each interval asked, in order: who holds it, and the block covering it. */
  holders: Array<{ takenBy: string | null; blockedFor: string | null }>;
};

export async function readSeriesDates(
  db: Database,
  options: { placeId: string; companyId: string; intervals: Interval[] },
): Promise<SeriesDateHolders> {
  // Each list as one array literal (ISO instants hold no comma, brace or quote).
  const arrayOf = (instants: Date[]) => `{${instants.map((at) => at.toISOString()).join(',')}}`;
  const starts = arrayOf(options.intervals.map((interval) => interval.startsAt));
  const ends = arrayOf(options.intervals.map((interval) => interval.endsAt));
  const [row] = await queryRows<{
    hours: SeriesDateHolders['hours'] | null;
    holders: Array<[number, string | null, string | null]> | null;
  }>(
    db,
    sql`select
      (select json_object_agg(day_of_week, json_build_object('openTime', open_time,
          'closeTime', close_time))
        from operating_hours where company_id = ${options.companyId}::uuid) as hours,
      (select json_agg(json_build_array(d.i,
          (select coalesce(s.activity_name, m.name)
            from appointments a
            join associates m on m.id = a.associate_id
            left join booking_series s on s.id = a.series_id
            where a.place_id = ${options.placeId}::uuid and a.status in (${occupyingStatusList})
              and a.starts_at < d.e and a.ends_at > d.s
            order by a.starts_at limit 1),
          (select b.description from blocked_times b
            where b.place_id = ${options.placeId}::uuid and b.starts_at < d.e and b.ends_at > d.s
            order by b.starts_at limit 1)) order by d.i)
        from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) with ordinality as d(s, e, i))
        as holders`,
  );
  const byIndex = new Map(
    (row?.holders ?? []).map(([i, taken, blocked]) => [i, { taken, blocked }]),
  );
  return {
    hours: row?.hours ?? {},
    holders: options.intervals.map((_, index) => {
      const held = byIndex.get(index + 1);
      return { takenBy: held?.taken ?? null, blockedFor: held?.blocked ?? null };
    }),
  };
}
