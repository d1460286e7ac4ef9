/** The bookings a block would hit, with their members and places. */
import { queryRows, type Database } from '@clube/db';
import type { occupyingStatuses } from '@clube/shared';
import { sql } from 'drizzle-orm';
import type { Interval } from '../slots';
import { busyIntervalsSql } from './busy-intervals';

/** A booking holding a slot of a place, with its member and place (what a block would hit). */
export type BookingOfPlaces = Interval & {
  id: string;
  companyId: string;
  placeId: string;
  placeName: string;
  categoryId: string;
  status: (typeof occupyingStatuses)[number];
  associateId: string;
  associateName: string;
  cardId: string;
};

type ImpactRow = [
  id: string,
  companyId: string,
  status: BookingOfPlaces['status'],
  associateId: string,
  member: [name: string, cardId: string] | null,
  place: [name: string, categoryId: string],
];

/**
 * The bookings holding a slot (SCHEDULED, CHECKED_IN, NO_SHOW) of the places that overlap any of
 * the ranges, each once, by start, place name and id, in one statement: the places' blocks and
 * bookings reader (busyIntervalsSql) over the ranges' whole span, kept where a range overlaps.
 */
export async function readBookingsOverlapping(
  db: Database,
  options: { placeIds: string[]; ranges: Interval[] },
): Promise<BookingOfPlaces[]> {
  const { placeIds, ranges } = options;
  if (placeIds.length === 0 || ranges.length === 0) return [];
  const from = new Date(Math.min(...ranges.map((range) => range.startsAt.getTime())));
  const to = new Date(Math.max(...ranges.map((range) => range.endsAt.getTime())));
  const iso = (instants: Date[]) => instants.map((instant) => instant.toISOString());
  const rows = await queryRows<{
    starts_at: string;
    ends_at: string;
    place_id: string;
    label: ImpactRow;
  }>(
    db,
    sql`select b.place_id, b.starts_at, b.ends_at, b.label
      from (${busyIntervalsSql({
        of: { placeIds: sql`${sql.param(placeIds)}` },
        from: sql`${from.toISOString()}`,
        to: sql`${new Date(Math.max(from.getTime(), to.getTime())).toISOString()}`,
        labels: 'impact',
        bookingsOnly: true,
      })}) b
      where exists (
        select 1
        from unnest(${sql.param(iso(ranges.map((range) => range.startsAt)))}::timestamptz[],
          ${sql.param(iso(ranges.map((range) => range.endsAt)))}::timestamptz[]) as r(starts_at, ends_at)
        where b.starts_at < r.ends_at and b.ends_at > r.starts_at)
      order by b.starts_at, b.label->5->>0, b.label->>0`,
  );
  return rows.map(({ place_id: placeId, starts_at: starts, ends_at: ends, label }) => {
    const [id, companyId, status, associateId, member, [placeName, categoryId]] = label;
    return {
      id,
      companyId,
      placeId,
      placeName,
      categoryId,
      startsAt: new Date(starts),
      endsAt: new Date(ends),
      status,
      associateId,
      associateName: member?.[0] ?? '',
      cardId: member?.[1] ?? '',
    };
  });
}
