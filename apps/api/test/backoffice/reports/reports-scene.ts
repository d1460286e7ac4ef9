/** What the report tests share: club-local instants, a weekday club, and the report read. */
import { queryRows } from '@clube/db';
import type { Report } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { bearerFor, createClubWithBearer, createOperatingHours } from '../../factories';
import type { BuiltApp } from '../../helper';

/** São Paulo is UTC−3: a club-local wall clock as an instant. */
export const at = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`);

/** A figure of the period beside the previous one's. */
export const both = (current: number, previous: number) => ({ current, previous });

export type ReportClub = { company: { id: string }; headers: Record<string, string> };

/** A new club with a signed-in administrator, open Monday to Friday within the hours given. */
export async function weekdayClub(context: BuiltApp, openTime: string, closeTime: string) {
  const club = await createClubWithBearer(context.app);
  await createOperatingHours(context.db, club.company.id, {
    openTime,
    closeTime,
    days: ['SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA'],
  });
  return club;
}

/** The club's report for the query (its period and filters), answered 200. */
export async function readReport(
  context: BuiltApp,
  club: ReportClub,
  query: Record<string, string>,
): Promise<Report> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/backoffice/reports',
    headers: club.headers,
    query: { companyId: club.company.id, ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Report>();
}

/** The kept figures (rows of report_place_days) of the club's places. */
export async function keptRows(context: BuiltApp, companyId: string) {
  const [row] = await queryRows<{ count: number }>(
    context.db,
    sql`select count(*)::int as count from report_place_days
      where place_id in (select id from places where company_id = ${companyId}::uuid)`,
  );
  return row!.count;
}

/**
 * The kept figures of the club computed at a version of their day (`versions`) or at a settings
 * epoch of the club (`settings`) that a write has since raised.
 */
export async function outdatedRows(
  context: BuiltApp,
  companyId: string,
  by: 'versions' | 'settings',
) {
  const [row] = await queryRows<{ versions: number; settings: number }>(
    context.db,
    sql`select count(*) filter (where r.version <> coalesce(v.version, 0))::int as versions,
        count(*) filter (where r.epoch <> coalesce(e.epoch, 0))::int as settings
      from report_place_days r
      left join report_place_versions v on v.place_id = r.place_id and v.day = r.day
      left join report_club_epochs e on e.company_id = ${companyId}::uuid
      where r.place_id in (select id from places where company_id = ${companyId}::uuid)`,
  );
  return row![by];
}

/**
 * The report read with the kept figures in use must be the report computed from scratch: reads it
 * (kept rows present beforehand, so the read does use them), deletes the club's kept rows, reads
 * it again (every day computed from the bookings and blocked times) and expects both equal.
 * Answers the report.
 */
export async function expectKeptEqualsLive(
  context: BuiltApp,
  club: ReportClub,
  query: Record<string, string>,
): Promise<Report> {
  expect(await keptRows(context, club.company.id)).toBeGreaterThan(0);
  const kept = await readReport(context, club, query);
  await context.db.execute(
    sql`delete from report_place_days
      where place_id in (select id from places where company_id = ${club.company.id}::uuid)`,
  );
  const live = await readReport(context, club, query);
  expect(kept).toEqual(live);
  return live;
}

/**
 * Sets the faked clock (only Date) to an instant and signs the club's administrator in again, so
 * the booking rules see that "now" and the token is signed at it. Restore with vi.useRealTimers.
 */
export async function setClock(
  context: BuiltApp,
  club: ReportClub & { staff: { cpf: string } },
  instant: Date,
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  club.headers = await bearerFor(context.app, club.staff.cpf);
}

/**
 * The steps of a kept-figures test, from the report read before the first write. Each call follows
 * a write: it checks that the write left kept rows behind — their day's version (`versions`: a
 * booking or a block raises it), or the club's settings epoch and no version (`settings`: hours,
 * special days, places' grids, links, the time zone) — then expectKeptEqualsLive; it answers the
 * reports before and after the write.
 */
export function keptSteps(
  context: BuiltApp,
  club: ReportClub,
  query: Record<string, string>,
  first: Report,
) {
  let before = first;
  return async (outdated: 'versions' | 'settings') => {
    expect(await outdatedRows(context, club.company.id, outdated)).toBeGreaterThan(0);
    if (outdated === 'settings')
      expect(await outdatedRows(context, club.company.id, 'versions')).toBe(0);
    const after = await expectKeptEqualsLive(context, club, query);
    const previous = before;
    before = after;
    return { previous, after };
  };
}
