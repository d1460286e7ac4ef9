/** What the report tests share: club-local instants, a weekday club, and the report read. */
import type { Report } from '@clube/shared';
import { expect } from 'vitest';
import { createClubWithBearer, createOperatingHours } from '../../factories';
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
