import type { Database } from '@clube/db';
import { addDaysToDate, clubInstant, clubToday } from '@clube/shared';
import type { App } from '../src/app';
import {
  bearerFor,
  createAssociate,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
} from './factories';

/**
 * A club open every day 06:00–22:00 with one place (08:00–20:00, 60-minute slots) and one adult
 * associate. Dates are club-local and a few days ahead, so no test depends on the hour it runs.
 */
export async function createBookingScene(
  app: App,
  db: Database,
  placeValues: Parameters<typeof createPlace>[2] = {},
) {
  const { company, staff } = await createClubWithStaff(db);
  await createOperatingHours(db, company.id);
  const place = await createPlace(db, company.id, placeValues);
  const associate = await createAssociate(db, company.id, { name: 'Maria Associada' });
  const headers = await bearerFor(app, staff.cpf);
  const today = clubToday(company.timezone);
  const day = (offset: number) => addDaysToDate(today, offset);
  const at = (date: string, time: string) => clubInstant(date, time, company.timezone);
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
