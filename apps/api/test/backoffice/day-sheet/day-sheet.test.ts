import { describe, expect, it } from 'vitest';
import {
  createBookingScene,
  bearerFor,
  createAppointment,
  createBlockedTime,
  createCategory,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
} from '../../factories';
import { build } from '../../helper';
import { countRoundTrips } from '../../round-trip-counter';
import { getDaySheet } from '../../../src/services/appointments/get-day-sheet';
import { daySheetSchema, type DaySheet, type DaySheetCell } from '@clube/shared';
import { appointments, places, specialDays } from '@clube/db';
import { eq } from 'drizzle-orm';

const context = build();

const sheet = (headers: Record<string, string>, query: string) =>
  context.app.inject({ method: 'GET', url: `/api/backoffice/day-sheet?${query}`, headers });

const cellAt = (cells: DaySheetCell[], time: string) => cells.find((cell) => cell.time === time);

describe('GET /api/backoffice/day-sheet', () => {
  it('groups places by category, each on its own grid, with every cell state', async () => {
    const scene = await createBookingScene(context.app);
    const { company, place, associate, headers, day, at } = scene;
    // A second category whose place has 30-minute slots and starts before the club opens.
    const pools = await createCategory(context.db, company.id, { name: 'Piscinas' });
    const pool = await createPlace(context.db, company.id, {
      categoryId: pools.id,
      name: 'Piscina',
      startsAt: '05:00',
      endsAt: '07:00',
      bookRange: 30,
    });
    const date = day(2);
    const booking = await createAppointment(context.db, {
      place,
      associate,
      startsAt: at(date, '10:00'),
      endsAt: at(date, '11:00'),
    });
    await createBlockedTime(context.db, place, {
      startsAt: at(date, '14:00'),
      endsAt: at(date, '16:00'),
      description: 'Pintura',
    });
    // A member who came and one who did not still hold their slots, each with its status.
    const checkedInAt = at(date, '11:50');
    const [arrived, absent] = await Promise.all(
      ['12:00', '13:00'].map((time) =>
        createAppointment(context.db, {
          place,
          associate,
          startsAt: at(date, time),
          endsAt: new Date(at(date, time).getTime() + 3_600_000),
        }),
      ),
    );
    await context.db
      .update(appointments)
      .set({ status: 'CHECKED_IN', checkedInAt })
      .where(eq(appointments.id, arrived!.id));
    await context.db
      .update(appointments)
      .set({ status: 'NO_SHOW', noShowAt: at(date, '13:20') })
      .where(eq(appointments.id, absent!.id));

    const response = await sheet(headers, `companyId=${company.id}&date=${date}`);
    expect(response.statusCode).toBe(200);
    // The route sends the sheet without checking it: the schema must hold, with nothing more.
    const body = daySheetSchema.parse(response.json());
    expect(JSON.stringify(daySheetSchema.parse(body))).toBe(response.body);
    expect(body.categories.map((category) => category.name)).toEqual(['Piscinas', 'Quadras']);
    const [poolRow] = body.categories[0]!.places;
    const [courtRow] = body.categories[1]!.places;
    expect(poolRow!.id).toBe(pool.id);
    expect(poolRow!.cells.map((cell) => [cell.time, cell.state, cell.outsideReason])).toEqual([
      ['05:00', 'outside', 'club-hours'],
      ['05:30', 'outside', 'club-hours'],
      ['06:00', 'free', undefined],
      ['06:30', 'free', undefined],
    ]);
    expect(courtRow!.cells).toHaveLength(12);
    expect(cellAt(courtRow!.cells, '10:00')).toMatchObject({
      state: 'booked',
      appointment: {
        id: booking.id,
        associateName: 'Maria Associada',
        cardId: associate.cardId,
        bookedVia: 'staff',
        status: 'SCHEDULED',
        checkedInAt: null,
      },
    });
    expect(cellAt(courtRow!.cells, '12:00')).toMatchObject({
      state: 'booked',
      appointment: {
        id: arrived!.id,
        status: 'CHECKED_IN',
        checkedInAt: checkedInAt.toISOString(),
      },
    });
    expect(cellAt(courtRow!.cells, '13:00')).toMatchObject({
      state: 'booked',
      appointment: { id: absent!.id, status: 'NO_SHOW' },
    });
    expect(cellAt(courtRow!.cells, '14:00')).toMatchObject({
      state: 'blocked',
      block: { reason: 'Pintura' },
    });
    expect(cellAt(courtRow!.cells, '15:00')?.state).toBe('blocked');
    expect(cellAt(courtRow!.cells, '16:00')?.state).toBe('free');

    const filtered = await sheet(
      headers,
      `companyId=${company.id}&date=${date}&categoryId=${pools.id}`,
    );
    expect(filtered.json<DaySheet>().categories.map((category) => category.id)).toEqual([pools.id]);
  });

  it('marks past days past, days beyond the window and closed weekdays outside', async () => {
    const { company, place, headers, day } = await createBookingScene(context.app);
    await context.db.update(places).set({ availableBookingDays: 2 }).where(eq(places.id, place.id));
    const past = (await sheet(headers, `companyId=${company.id}&date=${day(-1)}`)).json<DaySheet>();
    expect(new Set(past.categories[0]!.places[0]!.cells.map((cell) => cell.state))).toEqual(
      new Set(['past']),
    );
    const far = (await sheet(headers, `companyId=${company.id}&date=${day(5)}`)).json<DaySheet>();
    expect(new Set(far.categories[0]!.places[0]!.cells.map((cell) => cell.outsideReason))).toEqual(
      new Set(['booking-window']),
    );

    const closed = await createClubWithStaff(context.db);
    await createOperatingHours(context.db, closed.company.id, { days: ['SEGUNDA'] });
    const closedPlace = await createPlace(context.db, closed.company.id);
    const closedHeaders = await bearerFor(context.app, closed.staff.cpf);
    // A Tuesday far ahead (inside no booking window matters: the club is closed anyway).
    const tuesday = '2030-01-01';
    const body = (
      await sheet(closedHeaders, `companyId=${closed.company.id}&date=${tuesday}`)
    ).json<DaySheet>();
    expect(body.operatingHour).toBeNull();
    const cells = body.categories[0]!.places[0]!.cells;
    expect(body.categories[0]!.places[0]!.id).toBe(closedPlace.id);
    expect(cells).toHaveLength(12);
    expect(new Set(cells.map((cell) => cell.outsideReason))).toEqual(new Set(['club-closed']));
  });

  it('names the special day of its date: closed, or its hours; none on an ordinary day', async () => {
    const { company, headers, day } = await createBookingScene(context.app);
    await context.db.insert(specialDays).values([
      { companyId: company.id, date: day(2), name: 'Natal' },
      {
        companyId: company.id,
        date: day(3),
        name: 'Carnaval',
        openTime: '08:00',
        closeTime: '14:00',
      },
    ]);
    const of = async (date: string) =>
      (await sheet(headers, `companyId=${company.id}&date=${date}`)).json<DaySheet>();
    expect((await of(day(2))).specialDay).toEqual({
      name: 'Natal',
      closed: true,
      openTime: null,
      closeTime: null,
    });
    const carnival = await of(day(3));
    expect(carnival.specialDay).toEqual({
      name: 'Carnaval',
      closed: false,
      openTime: '08:00',
      closeTime: '14:00',
    });
    expect(carnival.operatingHour).toEqual({ openTime: '08:00', closeTime: '14:00' });
    expect((await of(day(1))).specialDay).toBeNull();
  });

  it("answers 404 for a club the caller is not staff of, and never shows another club's places", async () => {
    const a = await createBookingScene(context.app);
    const b = await createBookingScene(context.app);
    const date = a.day(1);
    const denied = await sheet(b.headers, `companyId=${a.company.id}&date=${date}`);
    expect(denied.statusCode).toBe(404);
    const own = await sheet(b.headers, `companyId=${b.company.id}&date=${date}`);
    expect(own.body).not.toContain(a.place.id);
  });

  it('reads a club of 60 places in one statement, not one per place', async () => {
    const { company, day, place, associate, at } = await createBookingScene(context.app);
    for (let index = 0; index < 59; index += 1) await createPlace(context.db, company.id);
    await createAppointment(context.db, {
      place,
      associate,
      startsAt: at(day(1), '09:00'),
      endsAt: at(day(1), '10:00'),
    });
    const counter = countRoundTrips();
    try {
      let places: unknown[] = [];
      const trips = await counter.count(async () => {
        const body = await getDaySheet(context.db, { companyId: company.id, date: day(1) });
        places = body.categories.flatMap((category) => category.places);
      });
      expect(places).toHaveLength(60);
      expect(trips).toBe(1);
    } finally {
      counter.restore();
    }
  });
});
