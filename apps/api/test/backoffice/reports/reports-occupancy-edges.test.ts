import { placeParts } from '@clube/db';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createCategory,
  createPlace,
  createTitle,
} from '../../factories';
import { build } from '../../helper';
import { at, both, readReport, weekdayClub } from './reports-scene';

const context = build();

describe('GET /api/backoffice/reports: occupancy at the edges of slots', () => {
  it('counts a slot a booking or a block only partly covers, and a block across midnight', async () => {
    // Open Monday to Friday 08:00–12:00; Sala C's grid: 30-minute slots, 8 a day, 40 a week.
    const club = await weekdayClub(context, '08:00', '12:00');
    const db = context.db;
    const companyId = club.company.id;
    const rooms = await createCategory(db, companyId, { name: 'Salas' });
    const c = await createPlace(db, companyId, {
      name: 'Sala C',
      categoryId: rooms.id,
      bookRange: 30,
    });
    const title = await createTitle(db, companyId, { name: 'Família Dias' });
    const associate = await createAssociate(db, companyId, { associateTitleId: title.id });
    const book = (date: string, from: string, to: string) =>
      createAppointment(db, {
        place: c,
        associate,
        startsAt: at(date, from),
        endsAt: at(date, to),
      });
    const block = (from: Date, to: Date) =>
      createBlockedTime(db, c, { startsAt: from, endsAt: to });

    // Monday 08:45–09:15 holds the 08:30 and the 09:00 slots: 30 minutes in each hour.
    await book('2026-06-01', '08:45', '09:15');
    // Tuesday 10:15–10:30 blocked: the whole 10:00 slot leaves the denominator, its booking too;
    // the 10:30 slot stays, booked.
    await book('2026-06-02', '10:00', '10:30');
    await book('2026-06-02', '10:30', '11:00');
    await block(at('2026-06-02', '10:15'), at('2026-06-02', '10:30'));
    // Wednesday 11:45 to Thursday 08:15: Wednesday's 11:30 and Thursday's 08:00 slots out.
    await block(at('2026-06-03', '11:45'), at('2026-06-04', '08:15'));
    // Friday 07:00–08:00 ends as the day opens: no slot out. 09:00–09:30 fills one slot exactly.
    await block(at('2026-06-05', '07:00'), at('2026-06-05', '08:00'));
    await book('2026-06-05', '09:00', '09:30');
    // The week before: 11:45–12:30 holds the last slot of the day, nothing past closing.
    await book('2026-05-25', '11:45', '12:30');

    const { occupancy } = await readReport(context, club, {
      period: 'custom',
      from: '2026-06-01',
      to: '2026-06-07',
    });
    // 40 slots × 30 = 1200 min, less Tuesday 10:00, Wednesday 11:30 and Thursday 08:00 = 1110;
    // booked: Monday 08:30 and 09:00, Tuesday 10:30, Friday 09:00 = 120. Before: 1200 and 30.
    expect(occupancy.total).toEqual({
      bookableMinutes: both(1110, 1200),
      bookedMinutes: both(120, 30),
    });
    const cell = (weekday: number, hour: number) =>
      occupancy.heatmap.find((entry) => entry.weekday === weekday && entry.hour === hour);
    expect(cell(1, 8)).toEqual({ weekday: 1, hour: 8, bookableMinutes: 60, bookedMinutes: 30 });
    expect(cell(1, 9)).toEqual({ weekday: 1, hour: 9, bookableMinutes: 60, bookedMinutes: 30 });
    expect(cell(2, 10)).toEqual({ weekday: 2, hour: 10, bookableMinutes: 30, bookedMinutes: 30 });
    expect(cell(3, 11)).toEqual({ weekday: 3, hour: 11, bookableMinutes: 30, bookedMinutes: 0 });
    expect(cell(4, 8)).toEqual({ weekday: 4, hour: 8, bookableMinutes: 30, bookedMinutes: 0 });
    expect(cell(5, 8)).toEqual({ weekday: 5, hour: 8, bookableMinutes: 60, bookedMinutes: 0 });
    expect(cell(5, 9)).toEqual({ weekday: 5, hour: 9, bookableMinutes: 60, bookedMinutes: 30 });
    expect(cell(5, 7)).toBeUndefined();
  });

  it("leaves out of a place's bookable time what a booking or block of a linked place holds", async () => {
    // Open Monday to Friday 08:00–10:00: 60-minute slots, two a day.
    const club = await weekdayClub(context, '08:00', '10:00');
    const db = context.db;
    const companyId = club.company.id;
    const fields = await createCategory(db, companyId, { name: 'Campos' });
    const place = (name: string) =>
      createPlace(db, companyId, { name, categoryId: fields.id, bookRange: 60 });
    const whole = await place('Campo inteiro');
    const north = await place('Meio campo norte');
    const south = await place('Meio campo sul');
    await db.insert(placeParts).values([
      { companyId, wholePlaceId: whole.id, partPlaceId: north.id },
      { companyId, wholePlaceId: whole.id, partPlaceId: south.id },
    ]);
    const associate = await createAssociate(db, companyId);
    const book = (target: typeof whole, date: string, from: string, to: string) =>
      createAppointment(db, {
        place: target,
        associate,
        startsAt: at(date, from),
        endsAt: at(date, to),
      });
    // Monday 08:00: the north half is booked, so the whole field cannot be.
    await book(north, '2026-06-01', '08:00', '09:00');
    // Tuesday 09:00: the whole field is booked, so neither half can be.
    await book(whole, '2026-06-02', '09:00', '10:00');
    // Wednesday 08:00: the south half is blocked, so the whole field cannot be booked either.
    await createBlockedTime(db, south, {
      startsAt: at('2026-06-03', '08:00'),
      endsAt: at('2026-06-03', '09:00'),
    });

    const { occupancy } = await readReport(context, club, {
      period: 'custom',
      from: '2026-06-01',
      to: '2026-06-05',
    });
    const current = (id: string) => {
      const row = occupancy.places.find((entry) => entry.id === id);
      return { bookable: row?.bookableMinutes.current, booked: row?.bookedMinutes.current };
    };
    // Each place: 5 days × 2 slots × 60 = 600 minutes, less what a block or a linked booking or
    // block holds.
    expect(current(whole.id)).toEqual({ bookable: 480, booked: 60 });
    expect(current(north.id)).toEqual({ bookable: 540, booked: 60 });
    expect(current(south.id)).toEqual({ bookable: 480, booked: 0 });
  });
});
