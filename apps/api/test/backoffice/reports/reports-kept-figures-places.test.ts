import type { Report } from '@clube/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssociate, createCategory, createPlace } from '../../factories';
import { build } from '../../helper';
import { at, keptSteps, readReport, setClock, weekdayClub } from './reports-scene';

const context = build();
afterEach(() => vi.useRealTimers());

/** The week of Monday 2026-06-08, read with the kept figures of the week before it too. */
const week = { period: 'custom', from: '2026-06-08', to: '2026-06-14' };

const placeOf = (report: Report, id: string) =>
  report.occupancy.places.find((place) => place.id === id)!;

/**
 * A club open Monday to Friday 08:00–12:00 whose clock stands on Friday 2026-06-05 at noon, the
 * week before the report's, with its requests signed by its administrator.
 */
async function clubBeforeTheWeek() {
  const club = await weekdayClub(context, '08:00', '12:00');
  await setClock(context, club, at('2026-06-05', '12:00'));
  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
    context.app.inject({ method, url: `/api/backoffice${url}`, headers: club.headers, payload });
  return { club, companyId: club.company.id, send };
}

describe('GET /api/backoffice/reports: kept figures through changes of places and hours', () => {
  it('stay those computed from scratch when a linked place is booked and when the links change', async () => {
    const { club, companyId, send } = await clubBeforeTheWeek();
    const db = context.db;
    const fields = await createCategory(db, companyId, { name: 'Campos' });
    const place = (name: string) =>
      createPlace(db, companyId, { name, categoryId: fields.id, bookRange: 60 });
    const whole = await place('Campo inteiro');
    const north = await place('Meio campo norte');
    const south = await place('Meio campo sul');
    const linked = await send('PATCH', '/place', {
      id: whole.id,
      partPlaceIds: [north.id, south.id],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const ana = await createAssociate(db, companyId, { name: 'Ana' });
    const bia = await createAssociate(db, companyId, { name: 'Bia' });
    const book = (who: typeof ana, target: typeof whole, date: string, time: string) => {
      const startsAt = at(date, time);
      return send('POST', '/appointment', {
        associateId: who.id,
        placeId: target.id,
        cardId: who.cardId,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      });
    };
    const step = keptSteps(context, club, week, await readReport(context, club, week));
    const bookable = (report: Report, id: string) => placeOf(report, id).bookableMinutes.current;

    // The south half booked Wednesday 09:00: the whole field cannot be booked then.
    expect((await book(ana, south, '2026-06-10', '09:00')).statusCode).toBe(201);
    let { previous, after } = await step('versions');
    expect(bookable(after, whole.id)).toBe(bookable(previous, whole.id) - 60);
    expect(bookable(after, north.id)).toBe(bookable(previous, north.id));

    // The south half is no longer a part: its booking leaves the whole's time alone.
    const unlinked = await send('PATCH', '/place', { id: whole.id, partPlaceIds: [north.id] });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    ({ previous, after } = await step('settings'));
    expect(bookable(after, whole.id)).toBe(bookable(previous, whole.id) + 60);

    // And a part again: the whole loses that hour once more.
    const relinked = await send('PATCH', '/place', {
      id: whole.id,
      partPlaceIds: [north.id, south.id],
    });
    expect(relinked.statusCode, relinked.body).toBe(200);
    ({ previous, after } = await step('settings'));
    expect(bookable(after, whole.id)).toBe(bookable(previous, whole.id) - 60);

    // The whole booked Thursday 10:00: neither half can be booked then.
    expect((await book(bia, whole, '2026-06-11', '10:00')).statusCode).toBe(201);
    ({ previous, after } = await step('versions'));
    expect(bookable(after, north.id)).toBe(bookable(previous, north.id) - 60);
    expect(bookable(after, south.id)).toBe(bookable(previous, south.id) - 60);
  });

  it("stay those computed from scratch when the club's hours, a place's own week, its hours or its slot length change", async () => {
    const { club, companyId, send } = await clubBeforeTheWeek();
    const db = context.db;
    const courts = await createCategory(db, companyId, { name: 'Quadras' });
    // 08:00–12:00 in 60-minute slots: 4 a day, 20 in the week, 1200 minutes.
    const a = await createPlace(db, companyId, { name: 'Quadra A', categoryId: courts.id });
    const b = await createPlace(db, companyId, { name: 'Quadra B', categoryId: courts.id });
    const ana = await createAssociate(db, companyId, { name: 'Ana' });
    const startsAt = at('2026-06-09', '11:00');
    const booked = await send('POST', '/appointment', {
      associateId: ana.id,
      placeId: a.id,
      cardId: ana.cardId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const first = await readReport(context, club, week);
    expect(placeOf(first, a.id)).toMatchObject({
      bookableMinutes: { current: 1200 },
      bookedMinutes: { current: 60 },
    });
    const step = keptSteps(context, club, week, first);
    const current = (report: Report, id: string) => ({
      bookable: placeOf(report, id).bookableMinutes.current,
      booked: placeOf(report, id).bookedMinutes.current,
    });

    // The club closes at 11:00 on Mondays: both places lose Monday's 11:00 slot.
    const monday = await send('PATCH', '/operating-hour/company', {
      companyId,
      dayOfWeek: 'SEGUNDA',
      openTime: '08:00',
      closeTime: '11:00',
    });
    expect(monday.statusCode, monday.body).toBe(200);
    let { after } = await step('settings');
    expect(current(after, a.id)).toEqual({ bookable: 1140, booked: 60 });
    expect(current(after, b.id)).toEqual({ bookable: 1140, booked: 0 });

    // Quadra B's own week opens it only 09:00–11:00 on Tuesdays: two slots fewer.
    const tuesday = await send('PUT', `/place/${b.id}/week`, {
      items: [{ dayOfWeek: 'TERCA', openTime: '09:00', closeTime: '11:00' }],
    });
    expect(tuesday.statusCode, tuesday.body).toBe(200);
    ({ after } = await step('settings'));
    expect(current(after, b.id)).toEqual({ bookable: 1020, booked: 0 });

    // Quadra A closes at 11:00: each day's 11:00 slot goes, Tuesday's booked one with it.
    const hours = await send('PATCH', '/place', { id: a.id, endsAt: '11:00' });
    expect(hours.statusCode, hours.body).toBe(200);
    ({ after } = await step('settings'));
    // Monday already closed at 11:00: 5 days × 3 slots.
    expect(current(after, a.id)).toEqual({ bookable: 900, booked: 0 });

    // 120-minute slots in 08:00–11:00: one a day, the last hour fits none.
    const slots = await send('PATCH', '/place', { id: a.id, bookRange: 120 });
    expect(slots.statusCode, slots.body).toBe(200);
    ({ after } = await step('settings'));
    expect(current(after, a.id)).toEqual({ bookable: 600, booked: 0 });
  });

  it('stay those computed from scratch when a special day closes the club and when the club moves to another time zone', async () => {
    const { club, companyId, send } = await clubBeforeTheWeek();
    const db = context.db;
    const court = await createPlace(db, companyId, { name: 'Quadra A' });
    const ana = await createAssociate(db, companyId, { name: 'Ana' });
    // Thursday 11:00 in São Paulo (UTC−3).
    const startsAt = at('2026-06-11', '11:00');
    const booked = await send('POST', '/appointment', {
      associateId: ana.id,
      placeId: court.id,
      cardId: ana.cardId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const first = await readReport(context, club, week);
    expect(placeOf(first, court.id).bookableMinutes.current).toBe(1200);
    const step = keptSteps(context, club, week, first);

    // Wednesday is a holiday: the club is closed, four slots fewer.
    const holiday = await send('POST', '/special-day', {
      companyId,
      date: '2026-06-10',
      name: 'Feriado municipal',
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    let { after } = await step('settings');
    expect(placeOf(after, court.id).bookableMinutes.current).toBe(960);

    // In Manaus (UTC−4) the same instant is Thursday 10:00: the booking moves to the 10:00 cell.
    const moved = await send('PATCH', `/company/${companyId}`, {
      name: 'Clube',
      timezone: 'America/Manaus',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    ({ after } = await step('settings'));
    const thursday = (report: Report, hour: number) =>
      report.occupancy.heatmap.find((cell) => cell.weekday === 4 && cell.hour === hour)
        ?.bookedMinutes;
    expect([thursday(after, 10), thursday(after, 11)]).toEqual([60, 0]);
  });
});
