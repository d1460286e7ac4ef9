/**
 * What a series' dates meet at its place, in one statement whatever their number: for each date
 * the place's hours that day (../appointments/place-day/place-hours: its special day, the club's
 * week narrowed by the place's own), the first booking overlapping it (who holds it: the activity's
 * name or the member's) and the first blocked time (its reason).
 */
import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import { occupyingStatusList } from '../appointments/place-day/busy-intervals';
import { placeHoursSql, type PlaceHours } from '../appointments/place-day/place-hours';
import type { Interval } from '../appointments/slots';

/** What one date of a series meets. */
export type SeriesDateHolder = PlaceHours & { takenBy: string | null; blockedFor: string | null };

export async function readSeriesDates(
  db: Database,
  options: { placeId: string; dates: string[]; intervals: Interval[] },
): Promise<SeriesDateHolder[]> {
  // Each list as one array literal (ISO dates and instants hold no comma, brace or quote).
  const arrayOf = (values: string[]) => `{${values.join(',')}}`;
  const starts = arrayOf(options.intervals.map((interval) => interval.startsAt.toISOString()));
  const ends = arrayOf(options.intervals.map((interval) => interval.endsAt.toISOString()));
  const days = arrayOf(options.dates);
  const [row] = await queryRows<{
    holders: Array<[number, string | null, string | null, PlaceHours]> | null;
  }>(
    db,
    sql`select
      (select json_agg(json_build_array(d.i,
          (select coalesce(s.activity_name, m.name)
            from appointments a
            join associates m on m.id = a.associate_id
            left join booking_series s on s.id = a.series_id
            where a.place_id = the_place.id and a.status in (${occupyingStatusList})
              and a.starts_at < d.e and a.ends_at > d.s
            order by a.starts_at limit 1),
          (select b.description from blocked_times b
            where b.place_id = the_place.id and b.starts_at < d.e and b.ends_at > d.s
            order by b.starts_at limit 1),
          ${placeHoursSql(sql`the_place`, sql`d.day`)}) order by d.i)
        from unnest(${starts}::timestamptz[], ${ends}::timestamptz[], ${days}::date[])
          with ordinality as d(s, e, day, i)
        cross join places the_place
        where the_place.id = ${options.placeId}::uuid)
        as holders`,
  );
  const byIndex = new Map((row?.holders ?? []).map(([i, ...held]) => [i, held]));
  return options.intervals.map((_, index) => {
    const [taken, blocked, hours] = byIndex.get(index + 1) ?? [null, null, null];
    return {
      takenBy: taken,
      blockedFor: blocked,
      operatingHour: hours?.operatingHour ?? null,
      specialDay: hours?.specialDay ?? null,
    };
  });
}
