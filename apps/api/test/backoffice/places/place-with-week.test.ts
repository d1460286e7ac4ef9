/** A place's own week travels in the place's create and edit: one request, one transaction. */
import { placeWeeklyHours, places } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { permissionRoles } from '@clube/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createCategory,
  createClubWithBearer,
  createPlace,
  createUser,
} from '../../factories';
import { build } from '../../helper';

const context = build();

const send = (method: 'POST' | 'PATCH', headers: object, payload: object) =>
  context.app.inject({
    method,
    url: '/api/backoffice/place',
    headers: headers as Record<string, string>,
    payload,
  });

function placeBody(companyId: string, categoryId: string, values: Record<string, unknown> = {}) {
  return {
    companyId,
    categoryId,
    name: 'Quadra Coberta',
    description: 'Piso sintético.',
    startsAt: '08:00',
    endsAt: '22:00',
    bookRange: '60',
    associateReservationLimit: '0',
    availableBookingDays: '7',
    ageRestriction: '0',
    maxCancelBookingTime: '2',
    ...values,
  };
}

async function weekOf(placeId: string) {
  const rows = await context.db
    .select()
    .from(placeWeeklyHours)
    .where(eq(placeWeeklyHours.placeId, placeId));
  return rows
    .map((row) => [row.dayOfWeek, row.openTime, row.closeTime])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const getWeek = async (headers: object, placeId: string) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/place/${placeId}/week`,
      headers: headers as Record<string, string>,
    })
  ).json();

describe('POST /api/backoffice/place with its week', () => {
  it('saves the place and its own week in one request', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const category = await createCategory(context.db, company.id);
    const created = await send(
      'POST',
      headers,
      placeBody(company.id, category.id, {
        week: {
          items: [
            { dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null },
            { dayOfWeek: 'SABADO', openTime: '09:00', closeTime: '13:00' },
          ],
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(await getWeek(headers, created.json().id)).toEqual({
      items: [
        { dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null },
        { dayOfWeek: 'SABADO', openTime: '09:00', closeTime: '13:00' },
      ],
    });
  });

  it('refuses the whole save for a bad weekday: no place, no week (400, its own code)', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const category = await createCategory(context.db, company.id);
    const refused = await send(
      'POST',
      headers,
      placeBody(company.id, category.id, {
        week: { items: [{ dayOfWeek: 'TERCA', openTime: '18:00', closeTime: '09:00' }] },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'OpenTimeAfterCloseTime',
      message: 'O horário de abertura deve ser anterior ao horário de fechamento!',
    });
    const rows = await context.db
      .select({ id: places.id })
      .from(places)
      .where(and(eq(places.companyId, company.id), eq(places.name, 'Quadra Coberta')));
    expect(rows).toEqual([]);
    const weeks = await context.db
      .select()
      .from(placeWeeklyHours)
      .where(eq(placeWeeklyHours.companyId, company.id));
    expect(weeks).toEqual([]);
  });

  it('refuses a weekday named twice with the validation 400, in Portuguese', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const category = await createCategory(context.db, company.id);
    const refused = await send(
      'POST',
      headers,
      placeBody(company.id, category.id, {
        week: {
          items: [
            { dayOfWeek: 'TERCA', openTime: null, closeTime: null },
            { dayOfWeek: 'TERCA', openTime: '09:00', closeTime: '10:00' },
          ],
        },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Cada dia da semana aparece uma vez só.');
  });
});

describe('PATCH /api/backoffice/place with its week', () => {
  it('changes the place and replaces its week in one request; absent keeps the week', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const place = await createPlace(context.db, company.id);
    const edited = await send('PATCH', headers, {
      id: place.id,
      name: 'Quadra Nova',
      week: { items: [{ dayOfWeek: 'DOMINGO', openTime: null, closeTime: null }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().name).toBe('Quadra Nova');
    expect(await weekOf(place.id)).toEqual([['DOMINGO', null, null]]);
    const renamed = await send('PATCH', headers, { id: place.id, name: 'Quadra Velha' });
    expect(renamed.statusCode).toBe(200);
    expect(await weekOf(place.id)).toEqual([['DOMINGO', null, null]]);
  });

  it('refuses the whole edit for a bad weekday: the fields and the week stay as they were', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const place = await createPlace(context.db, company.id, { name: 'Quadra Antiga' });
    const first = await send('PATCH', headers, {
      id: place.id,
      week: { items: [{ dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null }] },
    });
    expect(first.statusCode).toBe(200);
    const refused = await send('PATCH', headers, {
      id: place.id,
      name: 'Quadra Trocada',
      week: { items: [{ dayOfWeek: 'QUARTA', openTime: '20:00', closeTime: '07:00' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('OpenTimeAfterCloseTime');
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.name).toBe('Quadra Antiga');
    expect(await weekOf(place.id)).toEqual([['SEGUNDA', null, null]]);
  });
});

describe('a place saved with its week also needs the right to change hours', () => {
  // Today only administrators edit places and hours alike. A club whose matrix lets another role
  // edit places must not let that role change the hours through the place's form: this matrix
  // gives the front desk the places but not the hours, for these tests only.
  const placesWrite = permissionRoles['places.write'];
  beforeAll(() => {
    Object.assign(permissionRoles, { 'places.write': ['administrador', 'recepcao'] });
  });
  afterAll(() => {
    Object.assign(permissionRoles, { 'places.write': placesWrite });
  });

  async function frontDeskOfNewClub() {
    const { company } = await createClubWithBearer(context.app);
    const user = await createUser(context.db, { name: 'Recepção de Teste' });
    await addStaff(context.db, company.id, user.id, 'recepcao');
    return { company, headers: await bearerFor(context.app, user.cpf) };
  }
  const closedMonday = {
    week: { items: [{ dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null }] },
  };

  it('refuses the create with a week (403), and writes neither the place nor the week', async () => {
    const { company, headers } = await frontDeskOfNewClub();
    const category = await createCategory(context.db, company.id);
    const refused = await send('POST', headers, placeBody(company.id, category.id, closedMonday));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('PermissionDenied');
    const rows = await context.db
      .select({ id: places.id })
      .from(places)
      .where(eq(places.companyId, company.id));
    expect(rows).toEqual([]);
    const created = await send('POST', headers, placeBody(company.id, category.id));
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses the edit with a week (403): the fields and the week stay as they were', async () => {
    const { company, headers } = await frontDeskOfNewClub();
    const place = await createPlace(context.db, company.id, { name: 'Quadra Antiga' });
    const refused = await send('PATCH', headers, {
      id: place.id,
      name: 'Quadra Trocada',
      ...closedMonday,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('PermissionDenied');
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.name).toBe('Quadra Antiga');
    expect(await weekOf(place.id)).toEqual([]);
    const renamed = await send('PATCH', headers, { id: place.id, name: 'Quadra Trocada' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
