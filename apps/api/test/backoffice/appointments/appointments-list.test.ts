import { describe, expect, it } from 'vitest';
import { createAssociate, createPlace, createClubWithBearer } from '../../factories';
import { build } from '../../helper';
import { appointmentScene } from './appointments-scene';

const context = build();
const { scene, book, cancel, get } = appointmentScene(context);

describe('GET /api/backoffice/appointment', () => {
  it('filters by place, associate, status and a club-local [fromDate, toDate)', async () => {
    const { headers, bodyFor, day, company, place } = await scene();
    const second = await createPlace(context.db, company.id, { name: 'Piscina' });
    const other = await createAssociate(context.db, company.id, { name: 'João' });
    const a = (await book(headers, bodyFor(day(3), '08:00'))).json();
    const b = (await book(headers, bodyFor(day(3), '19:00', other))).json();
    const c = (await book(headers, bodyFor(day(4), '08:00'))).json();
    const d = (await book(headers, bodyFor(day(3), '12:00', other, second))).json();
    await cancel(headers, c.id);

    const list = async (query: string) =>
      (await get(headers, `/api/backoffice/appointment?${query}`))
        .json()
        .items.map((item: { id: string }) => item.id);

    expect(await list(`placeId=${place.id}&fromDate=${day(3)}&toDate=${day(4)}`)).toEqual([
      a.id,
      b.id,
    ]);
    expect(await list(`placeId=${place.id}&status=SCHEDULED`)).toEqual([a.id, b.id]);
    expect(await list(`placeId=${place.id}&status=CANCELLED`)).toEqual([c.id]);
    expect(await list(`associateId=${other.id}`)).toEqual([d.id, b.id]);
    expect(
      await list(
        `fromDate=${encodeURIComponent(bodyFor(day(3), '12:00').startsAt)}&toDate=${day(5)}`,
      ),
    ).toEqual([d.id, b.id, c.id]);
    const [item] = (await get(headers, `/api/backoffice/appointment?placeId=${second.id}`)).json()
      .items;
    expect(item).toMatchObject({
      placeName: 'Piscina',
      associate: { name: 'João', cardId: other.cardId },
    });
    expect((await get(headers, '/api/backoffice/appointment?fromDate=ontem')).statusCode).toBe(400);
  });

  it('never lists appointments of another club', async () => {
    const mine = await scene();
    const theirs = await scene();
    await book(theirs.headers, theirs.bodyFor(theirs.day(3), '12:00'));
    const response = await get(
      mine.headers,
      `/api/backoffice/appointment?placeId=${theirs.place.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([]);
  });
});

describe('GET /api/backoffice/appointment/occupancy', () => {
  it('answers booked and total slots of each place on a date, only for the caller’s club', async () => {
    const { headers, bodyFor, day, company, place } = await scene();
    const pool = await createPlace(context.db, company.id, {
      name: 'Piscina',
      startsAt: '10:00',
      endsAt: '12:00',
    });
    await book(headers, bodyFor(day(3), '12:00'));
    await book(headers, bodyFor(day(3), '13:00'));
    const response = await get(
      headers,
      `/api/backoffice/appointment/occupancy?companyId=${company.id}&date=${day(3)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      date: day(3),
      items: [
        { placeId: pool.id, booked: 0, total: 2 },
        { placeId: place.id, booked: 2, total: 12 },
      ],
    });
    const stranger = await createClubWithBearer(context.app);
    const strangerHeaders = stranger.headers;
    expect(
      (await get(strangerHeaders, `/api/backoffice/appointment/occupancy?companyId=${company.id}`))
        .statusCode,
    ).toBe(404);
  });
});
