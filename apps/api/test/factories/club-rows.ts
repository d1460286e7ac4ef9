/** A club's rows: categories, places, titles, associates, hours, blocks and appointments. */
import {
  appointments,
  associateTitles,
  associates,
  blockedTimes,
  categories,
  operatingHours,
  places,
  type Database,
} from '@clube/db';
import { daysOfWeek, type DayOfWeek } from '@clube/shared';
import { hashPassword } from '../../src/lib/password';
import { uniqueCpf } from './staff';

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
