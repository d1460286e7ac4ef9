import { auditEvents, places } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addStaff, createCategory, createClubWithStaff } from '../../factories';
import { build } from '../../helper';
import { placesScene, placeBody } from './places-scene';

const context = build();
const { clubWithHeaders, post, patch } = placesScene(context);

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
