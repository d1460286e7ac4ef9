/** Member sign-in on the portal, and whole clubs ready to book in (scenes). */
import { associateTitles } from '@clube/db';
import { addDaysToDate, clubInstant, clubToday, formatCpf } from '@clube/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import { createClubWithBearer } from './staff';
import { createPlace, createTitle, createAssociate, createOperatingHours } from './club-rows';

export const memberPassword = 'senha-do-socio';

export type PortalSessionBody = {
  needsClub: false;
  access_token: string;
  refresh_token: string;
  member: { id: string; name: string; cardId: string; isHolder: boolean };
  club: { id: string; name: string; logoUrl: string | null; timezone: string };
  clubs: Array<{ id: string; name: string; logoUrl: string | null }>;
};

let addressSequence = 0;
/** A fresh client address, so one test's failed logins never throttle another's. */
export function freshAddress(): string {
  addressSequence += 1;
  return `10.9.${Math.floor(addressSequence / 250)}.${addressSequence % 250}`;
}

export function portalLogin(
  app: App,
  body: { cpf: string; password: string; companyId?: string },
  remoteAddress = freshAddress(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/portal/auth/login',
    payload: { ...body, cpf: formatCpf(body.cpf) },
    remoteAddress,
  });
}

/** Signs a member in (one membership) and answers the session and its Authorization header. */
export async function memberSession(
  app: App,
  member: { cpf: string },
  password = memberPassword,
  companyId?: string,
) {
  const response = await portalLogin(app, { cpf: member.cpf, password, companyId });
  if (response.statusCode !== 200 || response.json().needsClub !== false)
    throw new Error(`portal login failed: ${response.statusCode} ${response.body}`);
  const session = response.json<PortalSessionBody>();
  return { session, headers: { authorization: `Bearer ${session.access_token}` } };
}

/** Signs a member in to the portal and answers the Authorization header to send. */
export async function memberHeaders(app: App, member: { cpf: string }, password = memberPassword) {
  return (await memberSession(app, member, password)).headers;
}

/** Club-local dates and instants of a club: `day(2)` is two days after today there. */
function clubCalendar(timezone: string) {
  const today = clubToday(timezone);
  const day = (offset: number) => addDaysToDate(today, offset);
  const at = (date: string, time: string) => clubInstant(date, time, timezone);
  return { today, day, at };
}

/**
 * A club open every day 06:00–22:00 with one place (08:00–20:00, 60-minute slots) and one adult
 * associate, and its staff's headers. Dates are club-local and a few days ahead, so no test
 * depends on the hour it runs.
 */
export async function createBookingScene(
  app: App,
  placeValues: Parameters<typeof createPlace>[2] = {},
) {
  const db = app.db;
  const { company, staff, headers } = await createClubWithBearer(app);
  await createOperatingHours(db, company.id);
  const place = await createPlace(db, company.id, placeValues);
  const associate = await createAssociate(db, company.id, { name: 'Maria Associada' });
  const { today, day, at } = clubCalendar(company.timezone);
  /** A booking body for a club-local date and time, lasting the place's bookRange. */
  const bodyFor = (
    date: string,
    time: string,
    who: { id: string; cardId: string } = associate,
    target: { id: string; bookRange: number } = place,
  ) => {
    const startsAt = at(date, time);
    return {
      associateId: who.id,
      placeId: target.id,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + target.bookRange * 60_000).toISOString(),
      cardId: who.cardId,
    };
  };
  return { company, staff, place, associate, headers, today, day, at, bodyFor };
}

/**
 * A club open every day 06:00–22:00 with one place (08:00–20:00, 60-minute slots); a family
 * title with a holder and a dependent who both have portal passwords; and a neighbour title
 * (another family of the same club) with one member; each member signed in. Dates are
 * club-local and ahead of today.
 */
export async function createPortalScene(
  app: App,
  placeValues: Parameters<typeof createPlace>[2] = {},
) {
  const db = app.db;
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
    ...clubCalendar(company.timezone),
    blockTitle,
    holderSession: await memberSession(app, holder),
    dependentSession: await memberSession(app, dependent),
    neighbourSession: await memberSession(app, neighbour),
  };
}

/** A PNG chunk: length, type, data and the CRC-32 of type and data. */
