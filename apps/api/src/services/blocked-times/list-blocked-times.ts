import { blockedTimes, places, type Database } from '@clube/db';
import type { BlockedTimeQuery } from '@clube/shared';
import { and, asc, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { overlapsPeriod } from '../../lib/overlaps-period';
import type { Caller } from './create-blocked-times';
import { blockedTimeColumns, toBlockedTime } from './blocked-time-row';

/**
 * Blocks of one place or of a whole club that overlap [startTime, endTime): a block from 23:00
 * to 01:00 shows on both days. Either bound may be left open.
 */
export async function listBlockedTimes(
  db: Database,
  options: { caller: Caller } & BlockedTimeQuery,
) {
  const { caller, ...query } = options;
  const conditions: SQL[] = [isNull(places.archivedAt)];

  if (query.placeId) {
    const [place] = await db
      .select({ companyId: places.companyId })
      .from(places)
      .where(and(eq(places.id, query.placeId), isNull(places.archivedAt)));
    const isVisible =
      place &&
      caller.companyIds.has(place.companyId) &&
      (query.companyId === undefined || query.companyId === place.companyId);
    if (!isVisible) throw new AppError('PlaceNotFound');
    conditions.push(eq(blockedTimes.placeId, query.placeId));
  }
  if (query.companyId) {
    if (!caller.companyIds.has(query.companyId)) {
      throw new AppError('CompanyNotFound');
    }
    conditions.push(eq(blockedTimes.companyId, query.companyId));
  }
  if (query.startTime || query.endTime) {
    const period = {
      startsAt: query.startTime ? new Date(query.startTime) : undefined,
      endsAt: query.endTime ? new Date(query.endTime) : undefined,
    };
    conditions.push(overlapsPeriod(blockedTimes.startsAt, blockedTimes.endsAt, period));
  }
  if (query.startTime) conditions.push(gt(blockedTimes.endsAt, new Date(query.startTime)));
  if (query.endTime) conditions.push(lt(blockedTimes.startsAt, new Date(query.endTime)));

  const rows = await db
    .select(blockedTimeColumns)
    .from(blockedTimes)
    .innerJoin(places, eq(places.id, blockedTimes.placeId))
    .where(and(...conditions))
    .orderBy(asc(blockedTimes.startsAt), asc(places.name), asc(blockedTimes.id));
  return rows.map(toBlockedTime);
}
