import { appointments, places, type Database } from '@clube/db';
import { occupyingStatuses } from '@clube/shared';
import { and, asc, count, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { ClubMonth } from './club-month';

export type TitleMonthQuotasOptions = {
  companyId: string;
  associateTitleId: string;
  /** The club-local month (see clubMonthOf): bookings starting in it count. */
  month: ClubMonth;
  /** Only places with a monthly limit (the portal's home), or every active place. */
  limitedOnly: boolean;
};

/**
 * How many bookings a title holds in a club-local month at each active place of its club, next to
 * the place's monthly limit (0: none), by place name: the count the quota rule makes, bookings
 * starting in the month whose status holds their slot.
 */
export function titleMonthQuotas(db: Database, options: TitleMonthQuotasOptions) {
  const { companyId, associateTitleId, month } = options;
  return db
    .select({
      placeId: places.id,
      placeName: places.name,
      limit: places.associateReservationLimit,
      used: count(appointments.id),
    })
    .from(places)
    .leftJoin(
      appointments,
      and(
        eq(appointments.placeId, places.id),
        eq(appointments.associateTitleId, associateTitleId),
        inArray(appointments.status, [...occupyingStatuses]),
        gte(appointments.startsAt, month.startsAt),
        lt(appointments.startsAt, month.endsAt),
      ),
    )
    .where(
      and(
        eq(places.companyId, companyId),
        isNull(places.archivedAt),
        options.limitedOnly ? gt(places.associateReservationLimit, 0) : undefined,
      ),
    )
    .groupBy(places.id)
    .orderBy(asc(places.name), asc(places.id));
}
