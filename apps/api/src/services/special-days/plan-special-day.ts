/**
 * What a special day covers and whom it hits: its checked hours, the active places it decides
 * (its scope's, less those a more specific special day of the date decides) and the bookings of
 * those places left outside its hours, with where each may move (the block's impact, ../blocked-
 * times/block-impact). The same reading for the preview and, under the places' locks, the save.
 */
import { queryRows, type Database } from '@clube/db';
import { clubInstant, type specialDayPreviewBodySchema } from '@clube/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { clubDayRange } from '../appointments/day-grid';
import { readBookingsOverlapping } from '../appointments/place-day/read-bookings-overlapping';
import type { Interval } from '../appointments/slots';
import {
  loadMoveTargets,
  toBlockConflict,
  type AffectedBooking,
} from '../blocked-times/block-impact';

export type SpecialDayInput = z.output<typeof specialDayPreviewBodySchema>;

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Both hours absent (closed), or both "HH:mm" within the day, opening before closing. */
export function hoursOf(input: Pick<SpecialDayInput, 'openTime' | 'closeTime'>) {
  const openTime = input.openTime?.trim() || null;
  const closeTime = input.closeTime?.trim() || null;
  if (openTime === null && closeTime === null) return null;
  if (
    openTime === null ||
    closeTime === null ||
    !hhmm.test(openTime) ||
    !hhmm.test(closeTime) ||
    openTime >= closeTime
  )
    throw new AppError('SpecialDayHoursInvalid', {
      details: [
        {
          in: 'body',
          path: 'closeTime',
          message: 'Abertura antes do fechamento, entre 00:00 e 23:59.',
        },
      ],
    });
  return { openTime, closeTime };
}

type PlanRow = {
  timezone: string;
  categoryFound: boolean;
  placeFound: boolean;
  editedFound: boolean;
  places: Array<{ id: string; name: string }> | null;
};

/**
 * The special day's plan: its hours, the club's timezone, the places it decides. A category or a
 * place of another club (or archived) is a 404, as if it did not exist.
 */
export type PlanSpecialDayOptions = SpecialDayInput & { editedId?: string };

export async function planSpecialDay(db: Database, options: PlanSpecialDayOptions) {
  const input = options;
  if (input.categoryId && input.placeId) throw new AppError('SpecialDayScopeInvalid');
  const hours = hoursOf(input);
  const categoryId = input.categoryId ?? null;
  const placeId = input.placeId ?? null;
  const editedId = input.editedId ?? null;
  const [row] = await queryRows<PlanRow>(
    db,
    sql`select companies.timezone,
      (${categoryId}::uuid is null or exists (select 1 from categories c
        where c.id = ${categoryId}::uuid and c.company_id = companies.id and c.archived_at is null))
        as "categoryFound",
      (${placeId}::uuid is null or exists (select 1 from places p
        where p.id = ${placeId}::uuid and p.company_id = companies.id and p.archived_at is null))
        as "placeFound",
      (${editedId}::uuid is null or exists (select 1 from special_days s
        where s.id = ${editedId}::uuid and s.company_id = companies.id)) as "editedFound",
      (select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id)
        from places p
        where p.company_id = companies.id and p.archived_at is null
          and (${placeId}::uuid is null or p.id = ${placeId}::uuid)
          and (${categoryId}::uuid is null or p.category_id = ${categoryId}::uuid)
          and not exists (select 1 from special_days s
            where s.company_id = companies.id and s.date = ${input.date}::date
              and s.id is distinct from ${editedId}::uuid
              and (s.place_id = p.id and ${placeId}::uuid is null
                or s.category_id = p.category_id and ${categoryId}::uuid is null
                  and ${placeId}::uuid is null))) as places
    from companies where companies.id = ${input.companyId}::uuid`,
  );
  if (!row) throw new AppError('CompanyNotFound');
  if (!row.categoryFound) throw new AppError('CategoryNotFound');
  if (!row.placeFound) throw new AppError('PlaceNotFound');
  if (!row.editedFound) throw new AppError('SpecialDayNotFound');
  const day = clubDayRange(input.date, row.timezone);
  // The parts of the club's day the special day closes: all of it, or before and after its hours.
  const closedRanges: Interval[] = hours
    ? [
        { startsAt: day.startsAt, endsAt: clubInstant(input.date, hours.openTime, row.timezone) },
        { startsAt: clubInstant(input.date, hours.closeTime, row.timezone), endsAt: day.endsAt },
      ].filter((range) => range.startsAt < range.endsAt)
    : [day];
  const places = row.places ?? [];
  return {
    companyId: input.companyId,
    timezone: row.timezone,
    hours,
    categoryId,
    placeId,
    placeIds: places.map((place) => place.id),
    closedRanges,
  };
}

export type SpecialDayPlan = Awaited<ReturnType<typeof planSpecialDay>>;

/** The bookings a special day leaves outside its hours, and where each may move. */
/** What the impact is read for: the special day's plan. */
export type FindSpecialDayImpactOptions = SpecialDayPlan;

export async function findSpecialDayImpact(db: Database, options: FindSpecialDayImpactOptions) {
  const plan = options;
  const affected = await readBookingsOverlapping(db, {
    placeIds: plan.placeIds,
    ranges: plan.closedRanges,
  });
  const targets = await loadMoveTargets(db, {
    companyId: plan.companyId,
    timezone: plan.timezone,
    blockedPlaceIds: plan.placeIds,
    bookings: affected,
  });
  const conflictsOf = (bookings: AffectedBooking[]) =>
    bookings.map((booking) => toBlockConflict(booking, targets.freePlacesFor(booking)));
  return { affected, targets, conflictsOf };
}
