import { auditEvents, places } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createPlace } from '../../factories';
import { build } from '../../helper';
import { placesScene } from './places-scene';

const context = build();
const { clubWithHeaders, patch } = placesScene(context);

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
