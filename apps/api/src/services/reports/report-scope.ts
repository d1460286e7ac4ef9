import { queryRows, type Database } from '@clube/db';
import {
  addDaysToDate,
  clubInstant,
  clubToday,
  monthOf,
  reportMaxDays,
  type ReportPeriod,
} from '@clube/shared';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

/** Days of the club's calendar, both included. */
export type DayRange = { from: string; to: string };

/** A period and the previous period of the same length, with the instants that bound them. */
export type ReportScope = {
  companyId: string;
  timezone: string;
  current: DayRange;
  previous: DayRange;
  /** [start of previous.from, start of current.from, start of the day after current.to). */
  previousStartsAt: Date;
  currentStartsAt: Date;
  currentEndsAt: Date;
  placeId: string | undefined;
  categoryId: string | undefined;
};

export type ScopeQuery = {
  companyId: string;
  period: ReportPeriod;
  from?: string | undefined;
  to?: string | undefined;
  placeId?: string | undefined;
  categoryId?: string | undefined;
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The days a period names on the club's calendar, `today` being the club's today. */
export function periodDays(query: ScopeQuery, today: string): DayRange {
  switch (query.period) {
    case 'this-month':
      return { from: monthOf(today).first, to: today };
    case 'last-month': {
      const first = monthOf(addDaysToDate(monthOf(today).first, -1)).first;
      return { from: first, to: addDaysToDate(monthOf(today).first, -1) };
    }
    case 'last-30-days':
      return { from: addDaysToDate(today, -29), to: today };
    case 'custom': {
      if (!query.from || !query.to) throw new AppError('ReportRangeIncomplete');
      if (query.to < query.from) throw new AppError('ReportRangeReversed');
      if (daysBetween(query.from, query.to) + 1 > reportMaxDays)
        throw new AppError('ReportRangeTooLong', { params: { maxDays: reportMaxDays } });
      return { from: query.from, to: query.to };
    }
  }
}

/** The period of the same length that ends the day before `range` starts. */
export function previousOf(range: DayRange): DayRange {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDaysToDate(range.from, -length), to: addDaysToDate(range.from, -1) };
}

/**
 * Reads the club's clock and checks that the place and category filters name things of the club
 * (one statement), then resolves the period. A place or category of another club — or of none —
 * is refused alike, so the answer tells nothing about other clubs.
 */
export async function readReportScope(
  db: Database,
  options: ScopeQuery & { now?: Date },
): Promise<ReportScope> {
  const { now = new Date(), ...query } = options;
  const [club] = await queryRows<{ timezone: string; placeOk: boolean; categoryOk: boolean }>(
    db,
    sql`select c.timezone,
        ${
          query.placeId
            ? sql`exists(select 1 from places p where p.id = ${query.placeId}::uuid and p.company_id = c.id)`
            : sql`true`
        } as "placeOk",
        ${
          query.categoryId
            ? sql`exists(select 1 from categories k where k.id = ${query.categoryId}::uuid and k.company_id = c.id)`
            : sql`true`
        } as "categoryOk"
      from companies c where c.id = ${query.companyId}::uuid`,
  );
  if (!club) throw new AppError('CompanyNotFound');
  if (!club.placeOk) throw new AppError('ReportPlaceOfAnotherClub');
  if (!club.categoryOk) throw new AppError('ReportCategoryOfAnotherClub');
  const current = periodDays(query, clubToday(club.timezone, now));
  const previous = previousOf(current);
  const at = (date: string) => clubInstant(date, '00:00', club.timezone);
  return {
    companyId: query.companyId,
    timezone: club.timezone,
    current,
    previous,
    previousStartsAt: at(previous.from),
    currentStartsAt: at(current.from),
    currentEndsAt: at(addDaysToDate(current.to, 1)),
    placeId: query.placeId,
    categoryId: query.categoryId,
  };
}

/** The place / category filters as conditions on a `places p` of the query. */
export function placeFilter(scope: Pick<ReportScope, 'placeId' | 'categoryId'>) {
  return sql`${scope.placeId ? sql`and p.id = ${scope.placeId}::uuid` : sql``}
    ${scope.categoryId ? sql`and p.category_id = ${scope.categoryId}::uuid` : sql``}`;
}
