import { placeParts, placeWeeklyHours, specialDays } from '@clube/db';
import { addDaysToDate } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import {
  readPlaceDay,
  slotsOfPlaceDay,
} from '../../../src/services/appointments/place-day/read-place-day';
import { overlaps } from '../../../src/services/appointments/slots';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createCategory,
  createPlace,
  createTitle,
} from '../../factories';
import { build } from '../../helper';
import { at, both, readReport, weekdayClub, type ReportClub } from './reports-scene';

const context = build();

/**
 * A club open Monday to Friday 08:00–12:00 whose days are bent by special days and a place's own
 * week. Quadra A (Quadras): 60-minute slots. Sala B (Salas): 10:00–11:30 in 30-minute slots.
 * Quadra C (Quadras): 60-minute slots, its own week closed on Mondays, 09:00–11:00 on Tuesdays,
 * 10:00–14:00 on Wednesdays (narrowed to the club's 10:00–12:00). The week of 2026-06-01
 * (Monday):
 * - Tuesday 06-02, the Quadras' changed hours 10:00–12:00 (C's own Tuesday gives way);
 * - Thursday 06-04, the club closed for Corpus Christi, but the Salas open 08:00–10:30 and
 *   Quadra C 08:00–10:00 (a category's and a place's day before the club's);
 * - Friday 06-05, Quadra A closed; Saturday 06-06, Sala B open 10:00–12:00 when the club is not.
 */
async function clubWithSpecialDays() {
  const club = await weekdayClub(context, '08:00', '12:00');
  const db = context.db;
  const companyId = club.company.id;
  const courts = await createCategory(db, companyId, { name: 'Quadras' });
  const rooms = await createCategory(db, companyId, { name: 'Salas' });
  const a = await createPlace(db, companyId, { name: 'Quadra A', categoryId: courts.id });
  const b = await createPlace(db, companyId, {
    name: 'Sala B',
    categoryId: rooms.id,
    startsAt: '10:00',
    endsAt: '11:30',
    bookRange: 30,
  });
  const c = await createPlace(db, companyId, { name: 'Quadra C', categoryId: courts.id });
  await db.insert(placeWeeklyHours).values([
    { companyId, placeId: c.id, dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null },
    { companyId, placeId: c.id, dayOfWeek: 'TERCA', openTime: '09:00', closeTime: '11:00' },
    { companyId, placeId: c.id, dayOfWeek: 'QUARTA', openTime: '10:00', closeTime: '14:00' },
  ]);
  const day = (
    date: string,
    name: string,
    hours: [string, string] | null,
    scope: { categoryId?: string; placeId?: string } = {},
  ) => ({
    companyId,
    date,
    name,
    openTime: hours?.[0] ?? null,
    closeTime: hours?.[1] ?? null,
    ...scope,
  });
  await db
    .insert(specialDays)
    .values([
      day('2026-06-02', 'Torneio', ['10:00', '12:00'], { categoryId: courts.id }),
      day('2026-06-04', 'Corpus Christi', null),
      day('2026-06-04', 'Aula', ['08:00', '10:30'], { categoryId: rooms.id }),
      day('2026-06-04', 'Treino', ['08:00', '10:00'], { placeId: c.id }),
      day('2026-06-05', 'Manutenção', null, { placeId: a.id }),
      day('2026-06-06', 'Oficina', ['10:00', '12:00'], { placeId: b.id }),
    ]);
  return { club, companyId, courts, rooms, a, b, c };
}

async function reportOf(club: ReportClub, query: Record<string, string>) {
  return (await readReport(context, club, { period: 'custom', ...query })).occupancy;
}

describe('GET /api/backoffice/reports: occupancy on special days and a place’s own week', () => {
  it('leaves a closed holiday out, and counts changed hours and a place’s own week', async () => {
    const { club, a, b, c } = await clubWithSpecialDays();
    const title = await createTitle(context.db, club.company.id, { name: 'Família Dias' });
    const member = await createAssociate(context.db, club.company.id, {
      associateTitleId: title.id,
    });
    const book = (place: typeof a, date: string, from: string, minutes: number) =>
      createAppointment(context.db, {
        place,
        associate: member,
        startsAt: at(date, from),
        endsAt: new Date(at(date, from).getTime() + minutes * 60_000),
      });
    // Booked before the holiday closed the club: no slot, so neither bookable nor booked.
    await book(a, '2026-06-04', '09:00', 60);
    // Outside the Quadras' changed hours (C's own Tuesday would have had it), then inside them.
    await book(c, '2026-06-02', '09:00', 60);
    await book(c, '2026-06-02', '10:00', 60);
    // Sala B's Saturday opening.
    await book(b, '2026-06-06', '10:00', 30);

    const occupancy = await reportOf(club, { from: '2026-06-01', to: '2026-06-07' });
    // Bookable minutes, day by day (A + B + C):
    //   Mon 240 + 90 + 0 (C's own Monday closed)     Tue 120 + 90 + 120 (the Quadras 10–12)
    //   Wed 240 + 90 + 120 (C 10–12)                 Thu 0 + 30 (B 10:00–10:30) + 120 (C 08–10)
    //   Fri 0 (A closed) + 90 + 240                  Sat 0 + 90 (B 10:00–11:30) + 0
    // A 600, B 480, C 600. The week before, no special day: A 1200, B 450, C 0+120+120+240+240.
    expect(occupancy.total).toEqual({
      bookableMinutes: both(1680, 2370),
      bookedMinutes: both(90, 0),
    });
    const place = (id: string) => occupancy.places.find((entry) => entry.id === id);
    expect(place(a.id)).toMatchObject({
      bookableMinutes: both(600, 1200),
      bookedMinutes: both(0, 0),
    });
    expect(place(b.id)).toMatchObject({
      bookableMinutes: both(480, 450),
      bookedMinutes: both(30, 0),
    });
    expect(place(c.id)).toMatchObject({
      bookableMinutes: both(600, 720),
      bookedMinutes: both(60, 0),
    });
    expect(occupancy.categories.map((entry) => [entry.name, entry.bookableMinutes])).toEqual([
      ['Quadras', both(1200, 1920)],
      ['Salas', both(480, 450)],
    ]);
    const cell = (weekday: number, hour: number) =>
      occupancy.heatmap.find((entry) => entry.weekday === weekday && entry.hour === hour);
    // Thursday: C's 08:00 and 09:00, B's 10:00; nothing after.
    expect(cell(4, 8)).toEqual({ weekday: 4, hour: 8, bookableMinutes: 60, bookedMinutes: 0 });
    expect(cell(4, 9)).toEqual({ weekday: 4, hour: 9, bookableMinutes: 60, bookedMinutes: 0 });
    expect(cell(4, 10)).toEqual({ weekday: 4, hour: 10, bookableMinutes: 30, bookedMinutes: 0 });
    expect(cell(4, 11)).toBeUndefined();
    // Tuesday: nothing at 09:00 (the Quadras open at 10:00, C's own 09:00 too); 10:00 booked at C.
    expect(cell(2, 9)).toBeUndefined();
    expect(cell(2, 10)).toEqual({ weekday: 2, hour: 10, bookableMinutes: 180, bookedMinutes: 60 });
    // Saturday: Sala B's 10:00, 10:30 and 11:00.
    expect(cell(6, 10)).toEqual({ weekday: 6, hour: 10, bookableMinutes: 60, bookedMinutes: 30 });
    expect(cell(6, 11)).toEqual({ weekday: 6, hour: 11, bookableMinutes: 30, bookedMinutes: 0 });
  });

  it('gives each place, every day of a month, the bookable minutes of the booking engine’s day', async () => {
    const { club, companyId, courts, a, b, c } = await clubWithSpecialDays();
    const db = context.db;
    // More of the month: the club's changed hours, a block, and a closure of a linked place.
    const whole = await createPlace(db, companyId, {
      name: 'Quadras A e C',
      categoryId: courts.id,
      bookRange: 90,
    });
    await db.insert(placeParts).values({ companyId, wholePlaceId: whole.id, partPlaceId: c.id });
    await db.insert(specialDays).values([
      { companyId, date: '2026-06-10', name: 'Reforma', placeId: whole.id },
      { companyId, date: '2026-06-15', name: 'Assembleia', openTime: '09:00', closeTime: '11:00' },
      {
        companyId,
        date: '2026-06-16',
        name: 'Campeonato',
        categoryId: courts.id,
        openTime: '07:00',
        closeTime: '21:00',
      },
    ]);
    await createBlockedTime(db, a, {
      startsAt: at('2026-06-17', '09:30'),
      endsAt: at('2026-06-17', '10:30'),
    });

    const places = [a, b, c, whole];
    const fromReport: Record<string, number[]> = {};
    const fromEngine: Record<string, number[]> = {};
    for (let date = '2026-06-01'; date <= '2026-06-30'; date = addDaysToDate(date, 1)) {
      const occupancy = await reportOf(club, { from: date, to: date });
      for (const place of places) {
        const row = occupancy.places.find((entry) => entry.id === place.id);
        (fromReport[place.name] ??= []).push(row?.bookableMinutes.current ?? 0);
        const day = await readPlaceDay(db, {
          placeId: place.id,
          companyIds: new Set([companyId]),
          date,
        });
        const bookable = slotsOfPlaceDay(day).filter(
          (slot) => !day.busy.blocked.some((block) => overlaps(block, slot)),
        );
        (fromEngine[place.name] ??= []).push(bookable.length * place.bookRange);
      }
    }
    expect(fromReport).toEqual(fromEngine);
    // The month is not all alike: the special days and the own week changed something.
    expect(new Set(fromEngine['Quadra C']).size).toBeGreaterThan(3);
  });
});
