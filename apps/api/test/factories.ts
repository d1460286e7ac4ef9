import { randomInt } from 'node:crypto';
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
import { completeCpf, daysOfWeek, formatCpf, type DayOfWeek } from '@clube/shared';
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
  values: { name?: string; password?: string | null; cpf?: string } = {},
) {
  const password = values.password === undefined ? staffPassword : values.password;
  const [user] = await db
    .insert(users)
    .values({
      cpf: values.cpf ?? uniqueCpf(),
      name: values.name ?? 'Pessoa de Teste',
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

export async function addStaff(db: Database, companyId: string, userId: string) {
  await db.insert(companyStaff).values({ companyId, userId });
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

/** Logs in and answers the Authorization header to send. */
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
export async function createClubWithBearer(app: App, values: { name?: string } = {}) {
  const club = await createClubWithStaff(app.db, values);
  return { ...club, headers: await bearerFor(app, club.staff.cpf) };
}
