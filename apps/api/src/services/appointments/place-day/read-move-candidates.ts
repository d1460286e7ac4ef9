/** Where the bookings a block hits may move: the candidate places, the club's hours, their busy times. */
import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import type { Interval } from '../slots';
import { busyIntervalsSql, splitBusy, type Busy } from './busy-intervals';

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
 * in the bookings' categories that the block does not cover (by name), the club's operating hour
 * of every weekday ("HH:mm:ss"), and the blocks and bookings of those places over `range`.
 */
export async function readMoveCandidates(
  db: Database,
  options: {
    companyId: string;
    categoryIds: string[];
    blockedPlaceIds: string[];
    range: Interval;
  },
): Promise<{
  places: MoveCandidate[];
  hours: Map<string, { openTime: string; closeTime: string }>;
  busy: Busy;
}> {
  const { range } = options;
  const [row] = await queryRows<{
    places: MoveCandidate[] | null;
    hours: Array<[dayOfWeek: string, openTime: string, closeTime: string]> | null;
    busy: Array<[booked: boolean, placeId: string, startsAt: string, endsAt: string]> | null;
  }>(
    db,
    sql`with candidates as (
      select id, name, category_id, starts_at, ends_at, book_range
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
      (select json_agg(json_build_array(day_of_week, open_time, close_time))
        from operating_hours where company_id = ${options.companyId}::uuid) as hours,
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
      (row?.hours ?? []).map(([day, openTime, closeTime]) => [day, { openTime, closeTime }]),
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
