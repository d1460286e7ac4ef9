import { auditEvents, placeParts, places, queryRows, specialDays } from '@clube/db';
import type { DaySheet } from '@clube/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createBookingScene,
  createClubWithBearer,
  createPlace,
  createPortalScene,
} from '../../factories';
import { build } from '../../helper';

const context = build();

/** A club whose full field is made of two halves, set through the place's PATCH. */
async function fieldScene() {
  const scene = await createBookingScene(context.app, { name: 'Campo inteiro' });
  const db = context.db;
  const whole = scene.place;
  const halfA = await createPlace(db, scene.company.id, {
    name: 'Meio campo A',
    categoryId: whole.categoryId,
  });
  const halfB = await createPlace(db, scene.company.id, {
    name: 'Meio campo B',
    categoryId: whole.categoryId,
  });
  const linked = await patchPlace(scene.headers, {
    id: whole.id,
    partPlaceIds: [halfA.id, halfB.id],
  });
  expect(linked.statusCode).toBe(200);
  const other = await createAssociate(db, scene.company.id, { name: 'Otávio Outro' });
  return { ...scene, whole, halfA, halfB, other };
}

const patchPlace = (headers: Record<string, string>, payload: object) =>
  context.app.inject({ method: 'PATCH', url: '/api/backoffice/place', headers, payload });
const book = (headers: Record<string, string>, payload: object) =>
  context.app.inject({ method: 'POST', url: '/api/backoffice/appointment', headers, payload });
const slotsOf = async (headers: Record<string, string>, placeId: string, date: string) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/backoffice/appointment/${placeId}/time-slots?date=${date}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Array<{ time: string; available: boolean; reason?: string }>;
};
const reasonAt = (slots: Array<{ time: string; reason?: string }>, time: string) =>
  slots.find((slot) => slot.time === time)?.reason;

describe('a place made of others', () => {
  it('answers its parts, and each part the whole it belongs to', async () => {
    const s = await fieldScene();
    const whole = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/place/${s.whole.id}`,
      headers: s.headers,
    });
    expect(whole.json().parts.map((part: { name: string }) => part.name)).toEqual([
      'Meio campo A',
      'Meio campo B',
    ]);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/place/company/${s.company.id}`,
      headers: s.headers,
    });
    const half = list.json().items.find((place: { id: string }) => place.id === s.halfA.id);
    expect(half.partOf).toEqual([{ id: s.whole.id, name: 'Campo inteiro' }]);
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, s.whole.id), eq(auditEvents.action, 'place.update')));
    expect(audit!.data).toEqual({
      before: { parts: [] },
      after: { parts: ['Meio campo A', 'Meio campo B'] },
    });
    // An archived half is no longer a part.
    const archived = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${s.halfB.id}`,
      headers: s.headers,
    });
    expect(archived.statusCode).toBe(200);
    expect(
      await context.db.select().from(placeParts).where(eq(placeParts.partPlaceId, s.halfB.id)),
    ).toEqual([]);
    // [] makes it a place of its own again.
    expect(
      (await patchPlace(s.headers, { id: s.whole.id, partPlaceIds: [] })).json().parts,
    ).toEqual([]);
  });

  it('refuses a part when the whole is booked, and the whole when a part is', async () => {
    const s = await fieldScene();
    const date = s.day(3);
    expect((await book(s.headers, s.bodyFor(date, '10:00', s.associate, s.whole))).statusCode).toBe(
      201,
    );
    const half = await book(s.headers, s.bodyFor(date, '10:00', s.other, s.halfA));
    expect(half.statusCode).toBe(409);
    expect(half.json()).toMatchObject({ error: 'TimeAlreadyTaken' });

    expect((await book(s.headers, s.bodyFor(date, '14:00', s.associate, s.halfB))).statusCode).toBe(
      201,
    );
    const whole = await book(s.headers, s.bodyFor(date, '14:00', s.other, s.whole));
    expect(whole.statusCode).toBe(409);
    expect(whole.json()).toMatchObject({ error: 'TimeAlreadyTaken' });
    // The two halves are not linked to each other: both may be booked at once.
    expect((await book(s.headers, s.bodyFor(date, '14:00', s.other, s.halfA))).statusCode).toBe(
      201,
    );
  });

  it('is refused by the database even when written past the engine', async () => {
    const s = await fieldScene();
    const startsAt = s.at(s.day(3), '10:00');
    const endsAt = s.at(s.day(3), '11:00');
    await createAppointment(context.db, {
      place: s.halfA,
      associate: s.associate,
      startsAt,
      endsAt,
    });
    await expect(
      createAppointment(context.db, { place: s.whole, associate: s.other, startsAt, endsAt }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('marks the slots and the day sheet of a part taken when the whole is booked', async () => {
    const s = await fieldScene();
    const date = s.day(3);
    await book(s.headers, s.bodyFor(date, '10:00', s.associate, s.whole));
    await book(s.headers, s.bodyFor(date, '16:00', s.other, s.halfB));
    expect(reasonAt(await slotsOf(s.headers, s.halfA.id, date), '10:00')).toBe('taken');
    expect(reasonAt(await slotsOf(s.headers, s.halfA.id, date), '16:00')).toBeUndefined();
    expect(reasonAt(await slotsOf(s.headers, s.whole.id, date), '16:00')).toBe('taken');

    const response = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/day-sheet?companyId=${s.company.id}&date=${date}`,
      headers: s.headers,
    });
    const sheet = response.json() as DaySheet;
    const cells = (placeId: string) =>
      sheet.categories.flatMap((category) => category.places).find((p) => p.id === placeId)!.cells;
    const halfAt10 = cells(s.halfA.id).find((cell) => cell.time === '10:00')!;
    expect(halfAt10).toMatchObject({
      state: 'blocked',
      block: { reason: 'Campo inteiro reservado' },
    });
    expect(cells(s.whole.id).find((cell) => cell.time === '10:00')!.state).toBe('booked');
    expect(cells(s.whole.id).find((cell) => cell.time === '16:00')).toMatchObject({
      state: 'blocked',
      block: { reason: 'Meio campo B reservado' },
    });
  });

  it("applies the whole's blocks and closures to its parts, and the parts' to the whole", async () => {
    const s = await fieldScene();
    const date = s.day(3);
    await createBlockedTime(context.db, s.whole, {
      startsAt: s.at(date, '08:00'),
      endsAt: s.at(date, '09:00'),
      description: 'Pintura das linhas',
    });
    await createBlockedTime(context.db, s.halfB, {
      startsAt: s.at(date, '12:00'),
      endsAt: s.at(date, '13:00'),
      description: 'Grama',
    });
    expect(reasonAt(await slotsOf(s.headers, s.halfA.id, date), '08:00')).toBe('blocked');
    expect(reasonAt(await slotsOf(s.headers, s.whole.id, date), '12:00')).toBe('blocked');
    expect(reasonAt(await slotsOf(s.headers, s.halfA.id, date), '12:00')).toBeUndefined();
    const blocked = await book(s.headers, s.bodyFor(date, '08:00', s.other, s.halfA));
    expect(blocked.statusCode).toBe(422);

    // A closure of a half closes the whole that day, not the other half.
    await context.db.insert(specialDays).values({
      companyId: s.company.id,
      date: s.day(4),
      name: 'Reforma do gramado',
      placeId: s.halfB.id,
    });
    expect(await slotsOf(s.headers, s.whole.id, s.day(4))).toEqual([]);
    expect((await slotsOf(s.headers, s.halfA.id, s.day(4))).length).toBeGreaterThan(0);
  });

  it('refuses a bad set of parts with its own code, changing nothing', async () => {
    const s = await fieldScene();
    const db = context.db;
    const lone = await createPlace(db, s.company.id, { name: 'Quadra 9' });
    const archived = await createPlace(db, s.company.id, { name: 'Quadra velha' });
    await db.update(places).set({ archivedAt: new Date() }).where(eq(places.id, archived.id));
    const elsewhere = await createClubWithBearer(context.app);
    const foreign = await createPlace(db, elsewhere.company.id, { name: 'Campo de lá' });
    const cases: Array<[object, string]> = [
      [{ id: lone.id, partPlaceIds: [lone.id] }, 'PlacePartIsItself'],
      [{ id: lone.id, partPlaceIds: [foreign.id] }, 'PlacePartOfAnotherClub'],
      [
        { id: lone.id, partPlaceIds: ['00000000-0000-4000-8000-000000000000'] },
        'PlacePartOfAnotherClub',
      ],
      [{ id: lone.id, partPlaceIds: [archived.id] }, 'PlacePartArchived'],
      [{ id: s.halfA.id, partPlaceIds: [s.whole.id] }, 'PlacePartsCycle'],
      [{ id: s.halfA.id, partPlaceIds: [lone.id] }, 'PlacePartsNested'],
      [{ id: lone.id, partPlaceIds: [s.whole.id] }, 'PlacePartsNested'],
    ];
    const linksBefore = await db.select().from(placeParts);
    for (const [payload, code] of cases) {
      const response = await patchPlace(s.headers, { ...payload, name: 'Nome novo' });
      expect({ code, status: response.statusCode }).toEqual({ code, status: 400 });
      expect(response.json().error).toBe(code);
    }
    expect(await db.select().from(placeParts)).toEqual(linksBefore);
    const names = await db
      .select({ name: places.name })
      .from(places)
      .where(eq(places.name, 'Nome novo'));
    expect(names).toEqual([]);
  });

  it('refuses to link a whole and a part booked at the same time', async () => {
    const s = await createBookingScene(context.app, { name: 'Quadra dupla' });
    const single = await createPlace(context.db, s.company.id, { name: 'Quadra simples' });
    const other = await createAssociate(context.db, s.company.id);
    await book(s.headers, s.bodyFor(s.day(2), '10:00'));
    await book(s.headers, s.bodyFor(s.day(2), '10:00', other, single));
    const response = await patchPlace(s.headers, { id: s.place.id, partPlaceIds: [single.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('PlacePartsBookingsOverlap');
    expect(
      await context.db.select().from(placeParts).where(eq(placeParts.wholePlaceId, s.place.id)),
    ).toEqual([]);
  });

  it('shows the portal a part taken while the whole is booked, and the whole while a part is', async () => {
    const s = await createPortalScene(context.app, { name: 'Quadra dupla' });
    const singles = [
      await createPlace(context.db, s.company.id, {
        name: 'Simples 1',
        categoryId: s.place.categoryId,
      }),
      await createPlace(context.db, s.company.id, {
        name: 'Simples 2',
        categoryId: s.place.categoryId,
      }),
    ];
    await context.db.insert(placeParts).values(
      singles.map((single) => ({
        companyId: s.company.id,
        wholePlaceId: s.place.id,
        partPlaceId: single.id,
      })),
    );
    const date = s.day(2);
    await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: s.at(date, '10:00'),
      endsAt: s.at(date, '11:00'),
    });
    await createAppointment(context.db, {
      place: singles[1]!,
      associate: s.neighbour,
      startsAt: s.at(date, '15:00'),
      endsAt: s.at(date, '16:00'),
    });
    const stateOf = async (placeId: string, time: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/portal/places/${placeId}/slots?date=${date}`,
        headers: s.holderSession.headers,
      });
      expect(response.body).not.toContain(s.neighbour.id);
      return response.json().items.find((slot: { time: string }) => slot.time === time).state;
    };
    expect(await stateOf(singles[0]!.id, '10:00')).toBe('taken');
    expect(await stateOf(singles[0]!.id, '15:00')).toBe('free');
    expect(await stateOf(s.place.id, '15:00')).toBe('taken');
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/portal/bookings',
      headers: s.holderSession.headers,
      payload: { placeId: singles[0]!.id, startsAt: s.at(date, '10:00').toISOString() },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('TimeAlreadyTaken');
  });
});

describe('the linked-places rule at scale', () => {
  // A statement that writes many bookings (a series, a season's import) reads, for each one, only
  // its linked places' bookings through an index: counted as the rows the transaction read from
  // the bookings' table, which a scan per booking makes grow with the square of the count.
  it('reads no booking of the club for each of many bookings written at once', async () => {
    const s = await fieldScene();
    const count = 400;
    const read = await context.db.transaction(async (tx) => {
      for (const placeId of [s.halfA.id, s.whole.id]) {
        await tx.execute(sql`
          insert into appointments (company_id, place_id, associate_id, associate_title_id, starts_at, ends_at, status)
          select ${s.company.id}::uuid, ${placeId}::uuid, ${s.other.id}::uuid, ${s.other.associateTitleId}::uuid,
            timestamptz '2031-01-01 00:00Z' + g * interval '2 hours' + ${placeId === s.whole.id ? sql`interval '1 hour'` : sql`interval '0 hours'`},
            timestamptz '2031-01-01 01:00Z' + g * interval '2 hours' + ${placeId === s.whole.id ? sql`interval '1 hour'` : sql`interval '0 hours'`},
            'SCHEDULED'
          from generate_series(1, ${count}) g`);
      }
      const [row] = await queryRows<{ seq: string; fetched: string }>(
        tx,
        sql`select pg_stat_get_xact_tuples_returned('appointments'::regclass)::text seq,
                   pg_stat_get_xact_tuples_fetched('appointments'::regclass)::text fetched`,
      );
      return Number(row!.seq) + Number(row!.fetched);
    });
    // The whole's bookings sit between the half's: each checks its parts and finds none that overlap.
    expect(read).toBeLessThan(count * 2);
  });
});
