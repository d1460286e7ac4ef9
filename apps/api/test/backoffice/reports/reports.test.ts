import { appointments, outboxMessages, refreshTokens } from '@clube/db';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createAssociate,
  createBlockedTime,
  createCategory,
  createClubWithBearer,
  createPlace,
  createTitle,
  createUser,
} from '../../factories';
import { build } from '../../helper';
import {
  at,
  both,
  readReport as readClubReport,
  weekdayClub,
  type ReportClub,
} from './reports-scene';

const context = build();

const hours = (instant: Date, count: number) => new Date(instant.getTime() + count * 3_600_000);

/**
 * A small club whose figures are counted by hand. Open Monday to Friday 08:00–12:00 (closed at
 * weekends). Quadra A: 60-minute slots, a 24-hour cancel deadline, 2 bookings a month per title.
 * Sala B (another category): 10:00–11:30 in 30-minute slots. The week 2026-06-01 (Monday) to
 * 2026-06-07 is the period; 2026-05-25 to 2026-05-31 the previous one.
 */
async function knownClub() {
  const club = await weekdayClub(context, '08:00', '12:00');
  const db = context.db;
  const companyId = club.company.id;
  const courts = await createCategory(db, companyId, { name: 'Quadras' });
  const rooms = await createCategory(db, companyId, { name: 'Salas' });
  const a = await createPlace(db, companyId, {
    name: 'Quadra A',
    categoryId: courts.id,
    maxCancelBookingTime: 24,
    associateReservationLimit: 2,
  });
  const b = await createPlace(db, companyId, {
    name: 'Sala B',
    categoryId: rooms.id,
    startsAt: '10:00',
    endsAt: '11:30',
    bookRange: 30,
  });
  const t1 = await createTitle(db, companyId, { name: 'Família Araújo' });
  const t2 = await createTitle(db, companyId, { name: 'Família Brito' });
  const t3 = await createTitle(db, companyId, { name: 'Família Costa' });
  const createdAt = new Date('2026-01-01T12:00:00Z');
  const m1 = await createAssociate(db, companyId, { associateTitleId: t1.id, createdAt });
  const m2 = await createAssociate(db, companyId, { associateTitleId: t2.id, createdAt });
  await createAssociate(db, companyId, { associateTitleId: t3.id, createdAt });
  // Monday 09:00–11:00 at A is blocked: two slots out of the denominator.
  await createBlockedTime(db, a, {
    startsAt: at('2026-06-01', '09:00'),
    endsAt: at('2026-06-01', '11:00'),
  });
  const booking = (
    place: typeof a,
    who: typeof m1,
    date: string,
    time: string,
    extra: Partial<typeof appointments.$inferInsert> = {},
  ) => {
    const startsAt = at(date, time);
    return {
      companyId,
      placeId: place.id,
      associateId: who.id,
      associateTitleId: who.associateTitleId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + place.bookRange * 60_000),
      createdBy: club.staff.id,
      ...extra,
    };
  };
  const portal = { createdBy: null, createdByAssociateId: m1.id };
  const cancelled = (startsAt: Date, hoursBefore: number) => ({
    status: 'CANCELLED' as const,
    cancelledAt: hours(startsAt, -hoursBefore),
  });
  await db.insert(appointments).values([
    booking(a, m1, '2026-05-25', '08:00'),
    booking(a, m1, '2026-06-01', '08:00'),
    // In the blocked time: a booking and a check-in, but no occupancy.
    booking(a, m1, '2026-06-01', '09:00', {
      status: 'CHECKED_IN',
      checkedInAt: at('2026-06-01', '09:05'),
    }),
    booking(a, m1, '2026-06-02', '10:00', {
      ...portal,
      status: 'CHECKED_IN',
      checkedInAt: at('2026-06-02', '10:01'),
    }),
    booking(a, m2, '2026-06-03', '11:00', cancelled(at('2026-06-03', '11:00'), 2)),
    booking(a, m2, '2026-06-04', '08:00', cancelled(at('2026-06-04', '08:00'), 48)),
    booking(a, m2, '2026-06-05', '08:00', {
      status: 'NO_SHOW',
      noShowAt: at('2026-06-05', '08:20'),
      exceptionReason: 'Torneio interno',
    }),
    booking(b, m1, '2026-06-02', '10:00', portal),
    booking(b, m1, '2026-06-02', '10:30'),
  ]);
  const message = (status: 'sent' | 'failed', createdAt: Date) => ({
    companyId,
    kind: 'booking-confirmation',
    recipient: 'socio@example.com',
    subject: 'Reserva',
    textBody: 'Reserva',
    htmlBody: '<p>Reserva</p>',
    status,
    createdAt,
  });
  await db
    .insert(outboxMessages)
    .values([
      message('sent', at('2026-06-02', '09:00')),
      message('sent', at('2026-06-03', '09:00')),
      message('failed', at('2026-06-03', '10:00')),
      message('sent', at('2026-05-26', '09:00')),
    ]);
  await db.insert(refreshTokens).values({
    associateId: m1.id,
    tokenHash: randomUUID(),
    familyId: randomUUID(),
    expiresAt: new Date('2027-01-01T00:00:00Z'),
    createdAt: at('2026-05-20', '10:00'),
  });
  return { club, a, b, t1, t2 };
}

const week = { period: 'custom', from: '2026-06-01', to: '2026-06-07' };

const readReport = (club: ReportClub, query: Record<string, string> = week) =>
  readClubReport(context, club, query);

describe('GET /api/backoffice/reports', () => {
  it('computes every figure of a known club beside the previous period', async () => {
    const { club, a, b, t1, t2 } = await knownClub();
    const report = await readReport(club);
    expect(report.period).toEqual({
      from: '2026-06-01',
      to: '2026-06-07',
      previousFrom: '2026-05-25',
      previousTo: '2026-05-31',
    });
    // A: 5 weekdays × 4 slots = 20 h, less the 2 blocked on Monday = 18 h = 1080 min; booked
    // Monday 08, Tuesday 10 and Friday's no-show (cancelled ones hold nothing; Monday 09 is
    // blocked). The week before: 20 h, Monday 08 booked.
    // B: 5 × 3 slots of 30 min = 450 min; Tuesday 10:00 and 10:30 booked.
    const placeA = {
      id: a.id,
      name: 'Quadra A',
      categoryName: 'Quadras',
      bookableMinutes: both(1080, 1200),
      bookedMinutes: both(180, 60),
    };
    const placeB = {
      id: b.id,
      name: 'Sala B',
      categoryName: 'Salas',
      bookableMinutes: both(450, 450),
      bookedMinutes: both(60, 0),
    };
    expect(report.occupancy.places).toEqual([placeA, placeB]);
    expect(report.occupancy.categories).toEqual([
      {
        id: a.categoryId,
        name: 'Quadras',
        bookableMinutes: both(1080, 1200),
        bookedMinutes: both(180, 60),
      },
      {
        id: b.categoryId,
        name: 'Salas',
        bookableMinutes: both(450, 450),
        bookedMinutes: both(60, 0),
      },
    ]);
    expect(report.occupancy.total).toEqual({
      bookableMinutes: both(1530, 1650),
      bookedMinutes: both(240, 60),
    });
    const cell = (weekday: number, hour: number) =>
      report.occupancy.heatmap.find((entry) => entry.weekday === weekday && entry.hour === hour);
    // Monday 08: A's slot, booked. Monday 09: blocked at A, B closed: no cell at all.
    expect(cell(1, 8)).toEqual({ weekday: 1, hour: 8, bookableMinutes: 60, bookedMinutes: 60 });
    expect(cell(1, 9)).toBeUndefined();
    // Monday 10: A blocked, B's two half hours open.
    expect(cell(1, 10)).toEqual({ weekday: 1, hour: 10, bookableMinutes: 60, bookedMinutes: 0 });
    // Tuesday 10: A's hour and B's two half hours, all booked.
    expect(cell(2, 10)).toEqual({ weekday: 2, hour: 10, bookableMinutes: 120, bookedMinutes: 120 });
    // Tuesday 11: A's hour and B's 11:00 half hour.
    expect(cell(2, 11)).toEqual({ weekday: 2, hour: 11, bookableMinutes: 90, bookedMinutes: 0 });
    // Weekends are closed.
    expect(report.occupancy.heatmap.some((entry) => [0, 6].includes(entry.weekday))).toBe(false);
    expect(report.occupancy.heatmap).toHaveLength(5 * 4 - 1);

    expect(report.behaviour).toEqual({
      bookings: both(8, 1),
      cancellations: both(2, 0),
      // Wednesday's, 2 h before the start with a 24 h deadline; Thursday's came 48 h before.
      lateCancellations: both(1, 0),
      checkIns: both(2, 0),
      noShows: both(1, 0),
      portalBookings: both(2, 0),
      staffBookings: both(6, 1),
      exceptions: both(1, 0),
      messagesSent: both(2, 1),
      messagesFailed: both(1, 0),
      exceptionReasons: [{ reason: 'Torneio interno', count: 1 }],
    });
    expect(report.members).toEqual({
      // Occupying bookings of the week: Araújo 5 (A ×3, B ×2), Brito 1 (the no-show).
      topTitles: [
        { id: t1.id, name: 'Família Araújo', bookings: 5 },
        { id: t2.id, name: 'Família Brito', bookings: 1 },
      ],
      // Araújo holds 3 of A's 2 a month in June; in May's week, 1.
      titlesAtQuota: both(1, 0),
      // Costa never booked; before June, Brito had not either.
      neverBooked: both(1, 2),
      // Only Araújo's member opened a portal session (in May).
      neverSignedIn: both(2, 2),
      associates: 3,
    });
  });

  it('narrows occupancy and behaviour to a place or a category', async () => {
    const { club, a, b } = await knownClub();
    const byPlace = await readReport(club, { ...week, placeId: b.id });
    expect(byPlace.occupancy.places.map((place) => place.id)).toEqual([b.id]);
    expect(byPlace.behaviour.bookings).toEqual(both(2, 0));
    expect(byPlace.members.titlesAtQuota).toEqual(both(0, 0));
    const byCategory = await readReport(club, { ...week, categoryId: a.categoryId });
    expect(byCategory.occupancy.places.map((place) => place.id)).toEqual([a.id]);
    expect(byCategory.behaviour.bookings).toEqual(both(6, 1));
  });

  it('reads last month and the month before it in the club calendar', async () => {
    const { club } = await knownClub();
    const report = await readReport(club, { period: 'last-month' });
    expect(report.period.from.endsWith('-01')).toBe(true);
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    expect(days(report.period.previousFrom, report.period.previousTo)).toBe(
      days(report.period.from, report.period.to),
    );
  });

  it("refuses a reversed, incomplete or too long range and another club's place or category", async () => {
    const { club } = await knownClub();
    const other = await knownClub();
    const cases: Array<[Record<string, string>, string]> = [
      [{ period: 'custom', from: '2026-06-10', to: '2026-06-09' }, 'ReportRangeReversed'],
      [{ period: 'custom', from: '2024-01-01', to: '2026-01-02' }, 'ReportRangeTooLong'],
      [{ period: 'custom', from: '2026-06-10' }, 'ReportRangeIncomplete'],
      [{ ...week, placeId: other.a.id }, 'ReportPlaceOfAnotherClub'],
      [{ ...week, categoryId: other.a.categoryId }, 'ReportCategoryOfAnotherClub'],
      [{ ...week, placeId: randomUUID() }, 'ReportPlaceOfAnotherClub'],
    ];
    for (const [query, code] of cases) {
      for (const url of ['/api/backoffice/reports', '/api/backoffice/reports/places/export.csv']) {
        const response = await context.app.inject({
          method: 'GET',
          url,
          headers: club.headers,
          query: { companyId: club.company.id, ...query },
        });
        expect(response.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
        expect(response.json()).toMatchObject({ error: code });
        expect(response.json().message).toMatch(/[ãéíçõ]|período|espaço/);
      }
    }
    // Two years exactly are accepted.
    await readReport(club, { period: 'custom', from: '2024-06-01', to: '2026-05-31' });
  });

  it('is read by Administrador and Consulta, not by Recepção nor another club', async () => {
    const { club } = await knownClub();
    const other = await createClubWithBearer(context.app);
    const asRole = async (role: 'consulta' | 'recepcao') => {
      const user = await createUser(context.db);
      await addStaff(context.db, club.company.id, user.id, role);
      return bearerFor(context.app, user.cpf);
    };
    const get = (headers: Record<string, string>) =>
      context.app.inject({
        method: 'GET',
        url: '/api/backoffice/reports',
        headers,
        query: { companyId: club.company.id, ...week },
      });
    expect((await get(await asRole('consulta'))).statusCode).toBe(200);
    const reception = await get(await asRole('recepcao'));
    expect(reception.statusCode).toBe(403);
    expect(reception.json().error).toBe('PermissionDenied');
    expect((await get(other.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/backoffice/reports/:table/export.csv', () => {
  it('exports each table as a Portuguese spreadsheet reads it', async () => {
    const { club } = await knownClub();
    const read = async (table: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/backoffice/reports/${table}/export.csv`,
        headers: club.headers,
        query: { companyId: club.company.id, ...week },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return parse(response.rawPayload.toString('utf8'), {
        bom: true,
        delimiter: ';',
      }) as string[][];
    };
    expect(await read('places')).toEqual([
      [
        'Espaço',
        'Categoria',
        'Horas reserváveis',
        'Horas reservadas',
        'Ocupação (%)',
        'Ocupação no período anterior (%)',
      ],
      ['Quadra A', 'Quadras', '18', '3', '16,7', '5'],
      ['Sala B', 'Salas', '7,5', '1', '13,3', '0'],
    ]);
    const behaviour = await read('behaviour');
    expect(behaviour[0]).toEqual(['Indicador', 'Período', 'Período anterior']);
    expect(behaviour).toContainEqual(['Cancelamentos fora do prazo', '1', '0']);
    expect(behaviour).toContainEqual(['Associados que nunca reservaram', '1', '2']);
    const heatmap = await read('heatmap');
    expect(heatmap[1]).toEqual(['Segunda-feira', '08:00', '1', '1', '100']);
    expect(await read('titles')).toEqual([
      ['Título', 'Reservas'],
      ['Família Araújo', '5'],
      ['Família Brito', '1'],
    ]);
  });
});
