/** Clubs with places and the block requests, shared by the blocked time tests. */
import { blockedTimes } from '@clube/db';
import { inArray } from 'drizzle-orm';
import { bearerFor, createClubWithStaff, createPlace } from '../../factories';
import { type BuiltApp } from '../../helper';

export type Headers = Record<string, string>;

export const block = {
  description: 'Manutenção',
  startAt: '2030-03-04T09:00:00.000Z',
  endsAt: '2030-03-04T11:00:00.000Z',
};

/** The helpers bound to a test file's app and database. */
export function blockedTimesScene(context: BuiltApp) {
  async function clubWithPlaces(names: string[] = ['Quadra 1'], timezone?: string) {
    const db = context.db;
    const club = await createClubWithStaff(db, { timezone });
    const places = [];
    for (const name of names) places.push(await createPlace(db, club.company.id, { name }));
    return { ...club, places, headers: await bearerFor(context.app, club.staff.cpf) };
  }

  const post = (url: string, headers: Headers, payload: object) =>
    context.app.inject({ method: 'POST', url, headers, payload });
  const single = (headers: Headers, payload: object) =>
    post('/api/backoffice/blocked-time/single', headers, payload);
  const bulk = (headers: Headers, payload: object) =>
    post('/api/backoffice/blocked-time/bulk', headers, payload);
  const findAll = (headers: Headers, query: Record<string, string>) =>
    context.app.inject({
      method: 'GET',
      url: `/api/backoffice/blocked-time/findAll?${new URLSearchParams(query)}`,
      headers,
    });

  async function blocksOf(placeIds: string[]) {
    return context.db.select().from(blockedTimes).where(inArray(blockedTimes.placeId, placeIds));
  }
  return { clubWithPlaces, post, single, bulk, findAll, blocksOf };
}
