/**
 * Rows for API tests, and signed-in headers. Every factory writes directly (no booking rules) and
 * fills what it is not told: a club comes with a staff member, a place with its category, an
 * associate with a title of its own. Scenes (createBookingScene, createPortalScene) are a whole
 * club ready to book in; pngDeclaring makes an image for the upload limits. The app of a test file
 * comes from `build()` in ./helper.ts.
 */
import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  appointments,
  associateTitles,
  associates,
  blockedTimes,
  categories,
  companyStaff,
  operatingHours,
  places,
  users,
  type Database,
} from '@clube/db';
import {
  addDaysToDate,
  clubInstant,
  clubToday,
  completeCpf,
  daysOfWeek,
  formatCpf,
  type DayOfWeek,
  type StaffRole,
} from '@clube/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { hashPassword } from '../src/lib/password';
import { createCompany } from '../src/services/companies/create-company';

let sequence = 0;
/** A valid cpf not used before in this test file. */
export function uniqueCpf(): string {
  sequence += 1;
  return completeCpf(String(randomInt(100, 999) * 1_000_000 + sequence));
}

export const staffPassword = 'senha-secreta';

export async function createUser(
  db: Database,
  values: { name?: string; password?: string | null; cpf?: string; email?: string } = {},
) {
  const password = values.password === undefined ? staffPassword : values.password;
  const [user] = await db
    .insert(users)
    .values({
      cpf: values.cpf ?? uniqueCpf(),
      name: values.name ?? 'Pessoa de Teste',
      email: values.email ?? null,
      passwordHash: password === null ? null : await hashPassword(password),
    })
    .returning();
  return user!;
}

/** A club with one staff member who can log in with `staffPassword`. */
export async function createClubWithStaff(
  db: Database,
  values: { name?: string; timezone?: string } = {},
) {
  const company = await createCompany(db, {
    name: values.name ?? 'Clube de Teste',
    timezone: values.timezone ?? 'America/Sao_Paulo',
  });
  const staff = await createUser(db, { name: 'Staff de Teste' });
  await db.insert(companyStaff).values({ companyId: company.id, userId: staff.id });
  return { company, staff };
}

/** Makes a user staff of a club, administrator unless told another role. */
export async function addStaff(
  db: Database,
  companyId: string,
  userId: string,
  role: StaffRole = 'administrador',
) {
  await db.insert(companyStaff).values({ companyId, userId, role });
}

export async function login(app: App, cpf: string, password = staffPassword) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { cpf: formatCpf(cpf), password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ access_token: string; refresh_token: string; user: { id: string } }>();
}

/** Logs a staff member in and answers the Authorization header to send. */
export async function bearerFor(app: App, cpf: string) {
  const session = await login(app, cpf);
  return { authorization: `Bearer ${session.access_token}` };
}

let cardSequence = 50_000;

const namesUsed = new Map<string, number>();
/** `base` for the first row of a club, then `base 2`, `base 3`… */
function nextName(base: string, companyId: string): string {
  const key = `${companyId}:${base}`;
  const count = (namesUsed.get(key) ?? 0) + 1;
  namesUsed.set(key, count);
  return count === 1 ? base : `${base} ${count}`;
}

export async function createCategory(
  db: Database,
  companyId: string,
  values: Partial<typeof categories.$inferInsert> = {},
) {
  const [category] = await db
    .insert(categories)
    // Names are unique per club (ignoring case and accents): the first keeps the plain name.
    .values({ companyId, name: nextName('Quadras', companyId), ...values })
    .returning();
  return category!;
}

/** A place open 08:00–20:00 with 60-minute slots and no limits, unless told otherwise. */
export async function createPlace(
  db: Database,
  companyId: string,
  values: Partial<typeof places.$inferInsert> = {},
) {
  const categoryId = values.categoryId ?? (await createCategory(db, companyId)).id;
  const [place] = await db
    .insert(places)
    .values({
      companyId,
      categoryId,
      name: nextName('Quadra de Teste', companyId),
      description: 'Uma quadra para testes.',
      startsAt: '08:00',
      endsAt: '20:00',
      bookRange: 60,
      associateReservationLimit: 0,
      availableBookingDays: 30,
      ageRestriction: 0,
      maxCancelBookingTime: 0,
      ...values,
    })
    .returning();
  return place!;
}

export async function createTitle(
  db: Database,
  companyId: string,
  values: Partial<typeof associateTitles.$inferInsert> = {},
) {
  cardSequence += 1;
  const [title] = await db
    .insert(associateTitles)
    .values({ companyId, name: `Título ${cardSequence}`, ...values })
    .returning();
  return title!;
}

/**
 * An adult associate (born 1990) holding a new title, unless told otherwise. `user` repeats the
 * club's record of the person in the wire's shape (`user.name`, `user.cpf`).
 */
export async function createAssociate(
  db: Database,
  companyId: string,
  values: Partial<typeof associates.$inferInsert> & { password?: string } = {},
) {
  const { password, ...associateValues } = values;
  const associateTitleId =
    associateValues.associateTitleId ?? (await createTitle(db, companyId)).id;
  cardSequence += 1;
  const [associate] = await db
    .insert(associates)
    .values({
      companyId,
      cpf: uniqueCpf(),
      name: 'Associado de Teste',
      cardId: String(cardSequence),
      associateTitleId,
      isHolder: true,
      birthDate: '1990-05-10',
      passwordHash: password === undefined ? null : await hashPassword(password),
      ...associateValues,
    })
    .returning();
  return { ...associate!, user: { name: associate!.name, cpf: associate!.cpf } };
}

/** Opening hours for every weekday (06:00–22:00 unless told otherwise). */
export async function createOperatingHours(
  db: Database,
  companyId: string,
  hours: { openTime?: string; closeTime?: string; days?: readonly DayOfWeek[] } = {},
) {
  return db
    .insert(operatingHours)
    .values(
      (hours.days ?? daysOfWeek).map((dayOfWeek) => ({
        companyId,
        dayOfWeek,
        openTime: hours.openTime ?? '06:00',
        closeTime: hours.closeTime ?? '22:00',
      })),
    )
    .returning();
}

/** A blocked time of a place (instants as Date or ISO). */
export async function createBlockedTime(
  db: Database,
  place: { id: string; companyId: string },
  values: { startsAt: Date | string; endsAt: Date | string; description?: string },
) {
  const [block] = await db
    .insert(blockedTimes)
    .values({
      companyId: place.companyId,
      placeId: place.id,
      description: values.description ?? 'Manutenção',
      startsAt: new Date(values.startsAt),
      endsAt: new Date(values.endsAt),
    })
    .returning();
  return block!;
}

/** A SCHEDULED appointment of an associate at a place, written directly (no booking rules). */
export async function createAppointment(
  db: Database,
  values: {
    place: { id: string; companyId: string };
    associate: { id: string; associateTitleId: string };
    startsAt: Date;
    endsAt: Date;
  },
) {
  const [appointment] = await db
    .insert(appointments)
    .values({
      companyId: values.place.companyId,
      placeId: values.place.id,
      associateId: values.associate.id,
      associateTitleId: values.associate.associateTitleId,
      startsAt: values.startsAt,
      endsAt: values.endsAt,
    })
    .returning();
  return appointment!;
}

/** A club with a staff member, and the Authorization header of that staff member. */
export async function createClubWithBearer(
  app: App,
  values: { name?: string; timezone?: string } = {},
) {
  const club = await createClubWithStaff(app.db, values);
  return { ...club, headers: await bearerFor(app, club.staff.cpf) };
}

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
function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let crc = 0xffffffff;
  for (const byte of body) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/** A well-formed PNG of a few hundred bytes that declares `width`×`height` pixels. */
export function pngDeclaring(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
