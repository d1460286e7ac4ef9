import { appointments, auditEvents, places } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createAssociate,
  createCategory,
  createClubWithStaff,
  createPlace,
} from '../../factories';
import { build } from '../../helper';

const context = build();

async function clubWithHeaders() {
  const club = await createClubWithStaff(context.db);
  const category = await createCategory(context.db, club.company.id, { name: 'Quadras' });
  return { ...club, category, headers: await bearerFor(context.app, club.staff.cpf) };
}

/** What the create dialog sends: numbers typed as text, times as "HH:mm". */
function placeBody(companyId: string, categoryId: string, values: Record<string, unknown> = {}) {
  return {
    companyId,
    categoryId,
    name: 'Quadra de Tênis',
    description: 'Saibro, com iluminação.',
    startsAt: '08:00',
    endsAt: '22:00',
    bookRange: '60',
    associateReservationLimit: '4',
    availableBookingDays: '14',
    ageRestriction: '18',
    maxCancelBookingTime: '2',
    anonymousBooking: false,
    ...values,
  };
}

const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  context.app.inject({ method: 'POST', url: '/api/backoffice/place', headers, payload });
const patch = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  context.app.inject({ method: 'PATCH', url: '/api/backoffice/place', headers, payload });

describe('POST /api/backoffice/place', () => {
  it('refuses a name the club already has among its active places, whatever case and accents (409 PlaceNameTaken)', async () => {
    const { company, category, headers } = await clubWithHeaders();
    expect((await post(headers, placeBody(company.id, category.id))).statusCode).toBe(201);
    const again = await post(
      headers,
      placeBody(company.id, category.id, { name: 'QUADRA DE TENIS' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'PlaceNameTaken',
      message: 'Já existe um espaço com esse nome neste clube.',
    });
    const second = await post(headers, placeBody(company.id, category.id, { name: 'Quadra 2' }));
    const renamed = await patch(headers, { id: second.json().id, name: 'quadra de tênis' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error).toBe('PlaceNameTaken');
  });

  it('creates a place with every field and its category, and records the change', async () => {
    const { company, category, staff, headers } = await clubWithHeaders();
    const response = await post(headers, placeBody(company.id, category.id));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      companyId: company.id,
      categoryId: category.id,
      category: { id: category.id, name: 'Quadras' },
      name: 'Quadra de Tênis',
      description: 'Saibro, com iluminação.',
      startsAt: '08:00',
      endsAt: '22:00',
      bookRange: 60,
      anonymousBooking: false,
      associateReservationLimit: 4,
      availableBookingDays: 14,
      ageRestriction: 18,
      maxCancelBookingTime: 2,
      guestsAllowed: false,
      guestLimit: 0,
      guestCpfRequired: false,
      guestListClosesHours: 0,
      parts: [],
      partOf: [],
    });
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, body.id), eq(auditEvents.action, 'place.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(staff.id);
  });

  it('accepts ISO date-times for the times (their UTC clock time) and JSON numbers', async () => {
    const { company, category, headers } = await clubWithHeaders();
    const response = await post(
      headers,
      placeBody(company.id, category.id, {
        startsAt: '1970-01-01T07:30:00.000Z',
        endsAt: '1970-01-01T18:00:00.000Z',
        bookRange: 30,
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ startsAt: '07:30', endsAt: '18:00', bookRange: 30 });
  });

  it('requires every field but anonymousBooking, with "Campo obrigatório!"', async () => {
    const { company, headers } = await clubWithHeaders();
    const response = await post(headers, {
      companyId: company.id,
      name: '',
      description: '',
      categoryId: '',
      startsAt: '',
      endsAt: '',
      bookRange: '',
      associateReservationLimit: '',
      availableBookingDays: '',
      ageRestriction: '',
      maxCancelBookingTime: '',
    });
    expect(response.statusCode).toBe(400);
    const details = response.json().details as Array<{ path: string; message: string }>;
    const required = [
      'name',
      'description',
      'categoryId',
      'startsAt',
      'endsAt',
      'bookRange',
      'associateReservationLimit',
      'availableBookingDays',
      'ageRestriction',
      'maxCancelBookingTime',
    ];
    for (const path of required) {
      expect(details).toContainEqual(
        expect.objectContaining({ path, message: 'Campo obrigatório!' }),
      );
    }
    expect(details.map((detail) => detail.path)).not.toContain('anonymousBooking');
  });

  it.each([
    ['bookRange', '4', 'O valor mínimo é 5'],
    ['bookRange', '1441', 'O valor máximo é 1440'],
    ['bookRange', '1.5', 'Informe um número inteiro'],
    ['bookRange', 'abc', 'Informe um número inteiro'],
    ['ageRestriction', '121', 'O valor máximo é 120'],
    ['ageRestriction', '-1', 'O valor mínimo é 0'],
    ['associateReservationLimit', '-1', 'O valor mínimo é 0'],
    ['availableBookingDays', '-3', 'O valor mínimo é 0'],
    ['maxCancelBookingTime', '-1', 'O valor mínimo é 0'],
    ['startsAt', '24:00', 'Horário inválido (use HH:mm)'],
    ['endsAt', '12:60', 'Horário inválido (use HH:mm)'],
  ])('refuses %s = %s (%s)', async (field, value, message) => {
    const { company, category, headers } = await clubWithHeaders();
    const response = await post(headers, placeBody(company.id, category.id, { [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(
      expect.objectContaining({ path: field, message }),
    );
  });

  it('refuses a start that is not before the end', async () => {
    const { company, category, headers } = await clubWithHeaders();
    for (const endsAt of ['08:00', '07:00']) {
      const response = await post(headers, placeBody(company.id, category.id, { endsAt }));
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual(
        expect.objectContaining({
          path: 'endsAt',
          message: 'O horário de início deve ser anterior ao de término.',
        }),
      );
    }
  });

  it("answers 404 CategoryNotFound for another club's category or an archived one", async () => {
    const { company, headers } = await clubWithHeaders();
    const other = await createClubWithStaff(context.db);
    const theirCategory = await createCategory(context.db, other.company.id);
    const archived = await createCategory(context.db, company.id, { archivedAt: new Date() });
    for (const categoryId of [theirCategory.id, archived.id]) {
      const response = await post(headers, placeBody(company.id, categoryId));
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('CategoryNotFound');
    }
    expect(await context.db.select().from(places).where(eq(places.companyId, company.id))).toEqual(
      [],
    );
  });

  it('answers 404 for a category of another club of the same staff member', async () => {
    const { company, staff, headers } = await clubWithHeaders();
    const second = await createClubWithStaff(context.db);
    await addStaff(context.db, second.company.id, staff.id);
    const secondCategory = await createCategory(context.db, second.company.id);
    const response = await post(headers, placeBody(company.id, secondCategory.id));
    expect(response.statusCode).toBe(404);
    // Exactly like a category that does not exist: nothing tells what another club holds.
    expect(response.json()).toMatchObject({
      error: 'CategoryNotFound',
      message: 'Categoria não encontrada.',
    });
  });

  it('answers 404 for a club the caller does not work for', async () => {
    const mine = await clubWithHeaders();
    const theirs = await clubWithHeaders();
    const response = await post(mine.headers, placeBody(theirs.company.id, theirs.category.id));
    expect(response.statusCode).toBe(404);
    expect(
      await context.db.select().from(places).where(eq(places.companyId, theirs.company.id)),
    ).toEqual([]);
  });
});

describe('GET /api/backoffice/place/:id and /place/company/:companyId', () => {
  it('answers one place with every field', async () => {
    const { company, category, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id, {
      categoryId: category.id,
      anonymousBooking: true,
    });
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/place/${place.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: place.id,
      categoryId: category.id,
      category: { name: 'Quadras' },
      startsAt: '08:00',
      endsAt: '20:00',
      anonymousBooking: true,
    });
  });

  it("lists the club's active places by name, with category name and no cover yet", async () => {
    const { company, category, headers } = await clubWithHeaders();
    await createPlace(context.db, company.id, { categoryId: category.id, name: 'Sauna' });
    await createPlace(context.db, company.id, { categoryId: category.id, name: 'Academia' });
    await createPlace(context.db, company.id, {
      categoryId: category.id,
      name: 'Arquivada',
      archivedAt: new Date(),
    });
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/place/company/${company.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((item: { name: string }) => item.name)).toEqual(['Academia', 'Sauna']);
    expect(items[0]).toMatchObject({ category: { name: 'Quadras' }, coverImageUrl: null });
  });

  it("answers 404 for another club's place and list, and for an archived place", async () => {
    const mine = await clubWithHeaders();
    const theirs = await clubWithHeaders();
    const theirPlace = await createPlace(context.db, theirs.company.id);
    const archived = await createPlace(context.db, mine.company.id, { archivedAt: new Date() });
    for (const url of [
      `/api/backoffice/place/${theirPlace.id}`,
      `/api/backoffice/place/company/${theirs.company.id}`,
      `/api/backoffice/place/${archived.id}`,
    ]) {
      const response = await context.app.inject({ method: 'GET', url, headers: mine.headers });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('PATCH /api/backoffice/place', () => {
  it('changes the fields sent (id in the body) and records before and after', async () => {
    const { company, category, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id, { categoryId: category.id });
    const newCategory = await createCategory(context.db, company.id, { name: 'Piscinas' });
    const response = await patch(headers, {
      id: place.id,
      name: 'Piscina',
      categoryId: newCategory.id,
      startsAt: '06:00',
      bookRange: '45',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Piscina',
      category: { id: newCategory.id, name: 'Piscinas' },
      startsAt: '06:00',
      endsAt: '20:00',
      bookRange: 45,
      description: place.description,
    });
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, place.id), eq(auditEvents.action, 'place.update')));
    expect(audit).toHaveLength(1);
  });

  it('sets the guest list rules, bounded: at most 200 guests, closing at most 720 hours ahead', async () => {
    const { company, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id);
    const rules = {
      guestsAllowed: true,
      guestLimit: '30',
      guestCpfRequired: true,
      guestListClosesHours: 24,
    };
    const response = await patch(headers, { id: place.id, ...rules });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...rules, guestLimit: 30 });
    for (const outOfRange of [{ guestLimit: 201 }, { guestListClosesHours: 721 }]) {
      const refused = await patch(headers, { id: place.id, ...outOfRange });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('ValidationError');
    }
  });

  it('refuses a start after the stored end, and out-of-range numbers', async () => {
    const { company, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id);
    const order = await patch(headers, { id: place.id, startsAt: '21:00' });
    expect(order.statusCode).toBe(400);
    expect(order.json().details).toEqual([
      expect.objectContaining({ path: 'endsAt', message: expect.stringContaining('anterior') }),
    ]);
    const range = await patch(headers, { id: place.id, bookRange: 2 });
    expect(range.statusCode).toBe(400);
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.startsAt).toBe('08:00:00');
  });

  it("answers 404 for another club's place or category, changing nothing", async () => {
    const mine = await clubWithHeaders();
    const theirs = await clubWithHeaders();
    const theirPlace = await createPlace(context.db, theirs.company.id, { name: 'Deles' });
    const myPlace = await createPlace(context.db, mine.company.id, {
      categoryId: mine.category.id,
    });
    const foreignPlace = await patch(mine.headers, { id: theirPlace.id, name: 'Minha' });
    expect(foreignPlace.statusCode).toBe(404);
    const foreignCategory = await patch(mine.headers, {
      id: myPlace.id,
      categoryId: theirs.category.id,
    });
    expect(foreignCategory.statusCode).toBe(404);
    const [theirRow] = await context.db.select().from(places).where(eq(places.id, theirPlace.id));
    expect(theirRow!.name).toBe('Deles');
    const [myRow] = await context.db.select().from(places).where(eq(places.id, myPlace.id));
    expect(myRow!.categoryId).toBe(mine.category.id);
  });
});

describe('DELETE /api/backoffice/place/:id', () => {
  async function bookAppointment(companyId: string, placeId: string, startsAt: Date) {
    const associate = await createAssociate(context.db, companyId);
    await context.db.insert(appointments).values({
      companyId,
      placeId,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
    });
  }

  it('archives a place with only past appointments: gone from lists, row and history kept', async () => {
    const { company, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id);
    await bookAppointment(company.id, place.id, new Date(Date.now() - 3 * 24 * 3600 * 1000));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    const history = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.placeId, place.id));
    expect(history).toHaveLength(1);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/place/company/${company.id}`,
      headers,
    });
    expect(list.json().items).toEqual([]);
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, place.id), eq(auditEvents.action, 'place.archive')));
    expect(audit).toHaveLength(1);
  });

  it('refuses while a SCHEDULED appointment is still ahead (409)', async () => {
    const { company, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id);
    await bookAppointment(company.id, place.id, new Date(Date.now() + 24 * 3600 * 1000));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'PlaceHasFutureAppointments',
      message: 'O espaço tem agendamentos futuros. Cancele-os antes de excluir.',
    });
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.archivedAt).toBeNull();
  });

  it('ignores cancelled future appointments', async () => {
    const { company, headers } = await clubWithHeaders();
    const place = await createPlace(context.db, company.id);
    await bookAppointment(company.id, place.id, new Date(Date.now() + 24 * 3600 * 1000));
    await context.db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: new Date() })
      .where(eq(appointments.placeId, place.id));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 404 for another club's place and leaves it active", async () => {
    const mine = await clubWithHeaders();
    const theirs = await clubWithHeaders();
    const place = await createPlace(context.db, theirs.company.id);
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(404);
    const [row] = await context.db.select().from(places).where(eq(places.id, place.id));
    expect(row!.archivedAt).toBeNull();
  });
});
