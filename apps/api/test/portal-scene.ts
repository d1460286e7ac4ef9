import { associateTitles, type Database } from '@clube/db';
import { addDaysToDate, clubInstant, clubToday } from '@clube/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import {
  createAssociate,
  createClubWithBearer,
  createOperatingHours,
  createPlace,
  createTitle,
} from './factories';
import { memberPassword, memberSession } from './portal-fixtures';

/**
 * A club open every day 06:00–22:00 with one place (08:00–20:00, 60-minute slots); a family
 * title with a holder and a dependent who both have portal passwords; and a neighbour title
 * (another family of the same club) with one member. Dates are club-local and ahead of today.
 */
export async function createPortalScene(
  app: App,
  db: Database,
  placeValues: Parameters<typeof createPlace>[2] = {},
) {
  const { company, staff, headers: staffHeaders } = await createClubWithBearer(app);
  await createOperatingHours(db, company.id);
  const place = await createPlace(db, company.id, placeValues);
  const title = await createTitle(db, company.id);
  const holder = await createAssociate(db, company.id, {
    name: 'Helena Titular',
    associateTitleId: title.id,
    isHolder: true,
    password: memberPassword,
  });
  const dependent = await createAssociate(db, company.id, {
    name: 'Davi Dependente',
    associateTitleId: title.id,
    isHolder: false,
    password: memberPassword,
  });
  const neighbour = await createAssociate(db, company.id, {
    name: 'Vera Vizinha',
    isHolder: true,
    password: memberPassword,
  });
  const today = clubToday(company.timezone);
  const day = (offset: number) => addDaysToDate(today, offset);
  const at = (date: string, time: string) => clubInstant(date, time, company.timezone);
  const blockTitle = (reason: string) =>
    db
      .update(associateTitles)
      .set({ blocked: true, blockedReason: reason })
      .where(eq(associateTitles.id, title.id));
  return {
    company,
    staff,
    staffHeaders,
    place,
    title,
    holder,
    dependent,
    neighbour,
    today,
    day,
    at,
    blockTitle,
    holderSession: await memberSession(app, holder),
    dependentSession: await memberSession(app, dependent),
    neighbourSession: await memberSession(app, neighbour),
  };
}
