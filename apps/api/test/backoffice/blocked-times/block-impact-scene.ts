/** A club with two bookings under a block, and the block's requests, for the block impact tests. */
import { appointments, blockedTimes } from '@clube/db';
import { asc, eq } from 'drizzle-orm';
import {
  bearerFor,
  createAppointment,
  createAssociate,
  createCategory,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
} from '../../factories';
import { type BuiltApp } from '../../helper';

export type Headers = Record<string, string>;

/** Monday 2030-03-04, São Paulo (UTC−3): 10:00–12:00 local. */
export const block = {
  description: 'Torneio interno',
  startAt: '2030-03-04T13:00:00.000Z',
  endsAt: '2030-03-04T15:00:00.000Z',
};
export const ten = {
  startsAt: new Date('2030-03-04T13:00:00.000Z'),
  endsAt: new Date('2030-03-04T14:00:00.000Z'),
};
export const eleven = {
  startsAt: new Date('2030-03-04T14:00:00.000Z'),
  endsAt: new Date('2030-03-04T15:00:00.000Z'),
};

/** The helpers bound to a test file's app and database. */
export function blockImpactScene(context: BuiltApp) {
  /**
   * A club open every day 06:00–22:00 with three courts of one category (A, B, C) and a pool of
   * another; Ana booked A at 10:00 and Bruno A at 11:00.
   */
  async function scene() {
    const db = context.database.db;
    const club = await createClubWithStaff(db);
    const companyId = club.company.id;
    await createOperatingHours(db, companyId);
    const courts = await createCategory(db, companyId, { name: 'Quadras' });
    const pools = await createCategory(db, companyId, { name: 'Piscinas' });
    const a = await createPlace(db, companyId, { name: 'Quadra A', categoryId: courts.id });
    const b = await createPlace(db, companyId, { name: 'Quadra B', categoryId: courts.id });
    const c = await createPlace(db, companyId, { name: 'Quadra C', categoryId: courts.id });
    const pool = await createPlace(db, companyId, { name: 'Piscina', categoryId: pools.id });
    const ana = await createAssociate(db, companyId, { name: 'Ana Souza' });
    const bruno = await createAssociate(db, companyId, { name: 'Bruno Reis' });
    const anaAtTen = await createAppointment(db, { place: a, associate: ana, ...ten });
    const brunoAtEleven = await createAppointment(db, { place: a, associate: bruno, ...eleven });
    const headers = await bearerFor(context.app, club.staff.cpf);
    return { ...club, a, b, c, pool, ana, bruno, anaAtTen, brunoAtEleven, headers };
  }

  const post = (url: string, headers: Headers, payload: object) =>
    context.app.inject({ method: 'POST', url, headers, payload });
  const preview = (headers: Headers, payload: object) =>
    post('/api/backoffice/blocked-time/preview', headers, payload);
  const single = (headers: Headers, payload: object) =>
    post('/api/backoffice/blocked-time/single', headers, payload);
  const bulk = (headers: Headers, payload: object) =>
    post('/api/backoffice/blocked-time/bulk', headers, payload);

  async function appointment(id: string) {
    const [row] = await context.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, id));
    return row!;
  }

  async function blocksOf(placeId: string) {
    return context.database.db
      .select()
      .from(blockedTimes)
      .where(eq(blockedTimes.placeId, placeId))
      .orderBy(asc(blockedTimes.startsAt));
  }
  return { scene, post, preview, single, bulk, appointment, blocksOf };
}
