/** Where the bookings a block hits may move: the candidate places, their hours, their busy times. */
import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import type { Interval } from '../slots';
import { busyIntervalsSql, splitBusy, type Busy } from './busy-intervals';
import { placeHoursSql, type DayHours } from './place-hours';

/** A place a booking may move to, as readMoveCandidates reads it. */
export type MoveCandidate = {
  id: string;
  name: string;
  categoryId: string;
  startsAt: string;
  endsAt: string;
  bookRange: number;
};

/**
 * The places bookings hit by a block may move to, in one statement: the active places of the club
 * in the bookings' categories that the block does not cover (by name), each one's hours on each of
 * `dates` ("HH:mm:ss", ./place-hours; keyed `placeId|date`, null when closed), and the blocks and
 * bookings of those places over `range`.
 */
export async function readMoveCandidates(
  db: Database,
  options: {
    companyId: string;
    categoryIds: string[];
    blockedPlaceIds: string[];
    /** The club dates the bookings fall on. */
    dates: string[];
    range: Interval;
  },
): Promise<{
  places: MoveCandidate[];
  hours: Map<string, DayHours | null>;
  busy: Busy;
}> {
  const { range } = options;
  const [row] = await queryRows<{
    places: MoveCandidate[] | null;
    hours: Array<[placeId: string, date: string, hours: DayHours | null]> | null;
    busy: Array<[booked: boolean, placeId: string, startsAt: string, endsAt: string]> | null;
  }>(
    db,
    sql`with candidates as (
      select id, company_id, name, category_id, starts_at, ends_at, book_range
      from places
      where company_id = ${options.companyId}::uuid
        and category_id = any(${sql.param(options.categoryIds)}::uuid[])
        and archived_at is null
        and not (id = any(${sql.param(options.blockedPlaceIds)}::uuid[])))
    select
      (select json_agg(json_build_object(
          'id', id, 'name', name, 'categoryId', category_id, 'startsAt', starts_at,
          'endsAt', ends_at, 'bookRange', book_range) order by name, id)
        from candidates) as places,
      (select json_agg(json_build_array(c.id, d.date,
          ${placeHoursSql(sql`c`, sql`d.date`)} -> 'operatingHour'))
        from candidates c
        cross join unnest(${sql.param(options.dates)}::date[]) as d(date)) as hours,
      (select json_agg(json_build_array(b.booked, b.place_id, b.starts_at, b.ends_at))
        from (${busyIntervalsSql({
          of: { placeIds: sql`(select array_agg(id) from candidates)` },
          from: sql`${range.startsAt.toISOString()}`,
          to: sql`${new Date(Math.max(range.startsAt.getTime(), range.endsAt.getTime())).toISOString()}`,
        })}) b) as busy`,
  );
  return {
    places: row?.places ?? [],
    hours: new Map(
      (row?.hours ?? []).map(([placeId, date, hours]) => [`${placeId}|${date}`, hours]),
    ),
    busy: splitBusy(
      (row?.busy ?? []).map(([booked, placeId, starts, ends]) => ({
        booked,
        placeId,
        startsAt: new Date(starts),
        endsAt: new Date(ends),
      })),
    ),
  };
}
