import type { Report } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppointment, createAssociate, createCategory, createPlace } from '../../factories';
import { build } from '../../helper';
import { at, keptSteps, outdatedRows, readReport, setClock, weekdayClub } from './reports-scene';

const context = build();
afterEach(() => vi.useRealTimers());

/** The week of Monday 2026-06-08, read with the kept figures of the week before it too. */
const week = { period: 'custom', from: '2026-06-08', to: '2026-06-14' };

/**
 * A club open Monday to Friday 08:00–12:00 whose clock stands on Friday 2026-06-05 at noon, the
 * week before the report's: Quadra A and Quadra B (60-minute slots, 4 a day) and four members.
 */
async function bookedClub() {
  const club = await weekdayClub(context, '08:00', '12:00');
  await setClock(context, club, at('2026-06-05', '12:00'));
  const db = context.db;
  const companyId = club.company.id;
  const courts = await createCategory(db, companyId, { name: 'Quadras' });
  const a = await createPlace(db, companyId, { name: 'Quadra A', categoryId: courts.id });
  const b = await createPlace(db, companyId, { name: 'Quadra B', categoryId: courts.id });
  const member = (name: string) => createAssociate(db, companyId, { name });
  const [ana, bia, caio, davi] = [
    await member('Ana'),
    await member('Bia'),
    await member('Caio'),
    await member('Davi'),
  ];
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    context.app.inject({
      method,
      url: `/api/backoffice${url}`,
      headers: club.headers,
      ...(payload ? { payload } : {}),
    });
  const bodyOf = (who: typeof ana, place: typeof a, date: string, time: string) => ({
    associateId: who.id,
    placeId: place.id,
    cardId: who.cardId,
    startsAt: at(date, time).toISOString(),
    endsAt: new Date(at(date, time).getTime() + 3_600_000).toISOString(),
  });
  return { club, companyId, a, b, ana, bia, caio, davi, send, bodyOf };
}

const placeOf = (report: Report, id: string) =>
  report.occupancy.places.find((place) => place.id === id)!;

describe('GET /api/backoffice/reports: kept figures through the writes of the API', () => {
  it('stay those computed from scratch through a booking, its cancellation, a move, attendance and a series', async () => {
    const s = await bookedClub();
    const { club, send } = s;
    // Written before the report is first read: bookings the steps below move and attend.
    const slot = (date: string, from: string, to: string) => ({
      startsAt: at(date, from),
      endsAt: at(date, to),
    });
    const moving = await createAppointment(context.db, {
      place: s.a,
      associate: s.bia,
      ...slot('2026-06-09', '10:00', '11:00'),
    });
    const attended = await createAppointment(context.db, {
      place: s.a,
      associate: s.caio,
      ...slot('2026-06-11', '08:00', '09:00'),
    });
    const missed = await createAppointment(context.db, {
      place: s.b,
      associate: s.davi,
      ...slot('2026-06-11', '08:00', '09:00'),
    });
    // The first read keeps every day of both weeks; each write raises the versions of its days.
    const step = keptSteps(context, club, week, await readReport(context, club, week));

    // 1. A staff booking: Monday 09:00 at Quadra A, one more hour booked.
    const booked = await send('POST', '/appointment', s.bodyOf(s.ana, s.a, '2026-06-08', '09:00'));
    expect(booked.statusCode, booked.body).toBe(201);
    let { previous, after } = await step('versions');
    expect(after.occupancy.total.bookedMinutes.current).toBe(
      previous.occupancy.total.bookedMinutes.current + 60,
    );
    expect(after.behaviour.staffBookings.current).toBe(
      previous.behaviour.staffBookings.current + 1,
    );

    // 2. Its cancellation: the hour is free again, one cancellation more.
    const cancelled = await send('PATCH', `/appointment/cancel/${booked.json().id}`, {
      reason: 'Viagem',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    ({ previous, after } = await step('versions'));
    expect(after.occupancy.total.bookedMinutes.current).toBe(
      previous.occupancy.total.bookedMinutes.current - 60,
    );
    expect(after.behaviour.cancellations.current).toBe(
      previous.behaviour.cancellations.current + 1,
    );

    // 3. A move from Quadra A on Tuesday 10:00 to Quadra B on Wednesday 11:00: the club's total
    // stays, each place's booked time changes.
    const moved = await send('PATCH', `/appointment/${moving.id}/move`, {
      placeId: s.b.id,
      startsAt: at('2026-06-10', '11:00').toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    ({ previous, after } = await step('versions'));
    expect(placeOf(after, s.a.id).bookedMinutes.current).toBe(
      placeOf(previous, s.a.id).bookedMinutes.current - 60,
    );
    expect(placeOf(after, s.b.id).bookedMinutes.current).toBe(
      placeOf(previous, s.b.id).bookedMinutes.current + 60,
    );

    // 4. Thursday 08:20 at the front desk: one member in, one who did not come.
    await setClock(context, club, at('2026-06-11', '08:20'));
    const checkedIn = await send('PATCH', `/appointment/${attended.id}/check-in`);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    ({ previous, after } = await step('versions'));
    expect(after.behaviour.checkIns.current).toBe(previous.behaviour.checkIns.current + 1);
    const noShow = await send('PATCH', `/appointment/${missed.id}/no-show`);
    expect(noShow.statusCode, noShow.body).toBe(200);
    ({ previous, after } = await step('versions'));
    expect(after.behaviour.noShows.current).toBe(previous.behaviour.noShows.current + 1);

    // 5. A series on Fridays 10:00 at Quadra A for three weeks: its first date is in the period.
    const series = await send('POST', '/series', {
      placeId: s.a.id,
      associateId: s.ana.id,
      weekdays: [5],
      startTime: '10:00',
      lengthMinutes: 60,
      startsOn: '2026-06-12',
      endsOn: '2026-06-26',
      dates: ['2026-06-12', '2026-06-19', '2026-06-26'],
    });
    expect(series.statusCode, series.body).toBe(201);
    ({ previous, after } = await step('versions'));
    expect(after.behaviour.bookings.current).toBe(previous.behaviour.bookings.current + 1);
    expect(after.occupancy.total.bookedMinutes.current).toBe(
      previous.occupancy.total.bookedMinutes.current + 60,
    );
  });

  it('stay those computed from scratch when a blocked time is created and deleted', async () => {
    const s = await bookedClub();
    const { club, send } = s;
    const step = keptSteps(context, club, week, await readReport(context, club, week));

    // Friday 08:00–10:00 at Quadra B: its two slots leave the bookable time.
    const created = await send('POST', '/blocked-time/single', {
      placeId: s.b.id,
      description: 'Troca da rede',
      startAt: at('2026-06-12', '08:00').toISOString(),
      endsAt: at('2026-06-12', '10:00').toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    let { previous, after } = await step('versions');
    expect(placeOf(after, s.b.id).bookableMinutes.current).toBe(
      placeOf(previous, s.b.id).bookableMinutes.current - 120,
    );

    const [block] = created.json<{ items: Array<{ id: string }> }>().items;
    const deleted = await send('DELETE', `/blocked-time/${block!.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    ({ previous, after } = await step('versions'));
    expect(placeOf(after, s.b.id).bookableMinutes.current).toBe(
      placeOf(previous, s.b.id).bookableMinutes.current + 120,
    );
  });

  it('are not used once a write past the API raises their day, as a writer committing after a reader would', async () => {
    // A reader computes a day and keeps it at the version it saw; a booking committed after that
    // snapshot raises the version, so the kept row is behind it. The embedded database serves one
    // connection at a time, so the write comes after the read here, leaving the rows as that race
    // does. Any write of the table raises it: the triggers fire for plain SQL as for the routes.
    const s = await bookedClub();
    const { club, companyId } = s;
    const first = await readReport(context, club, week);
    expect(await outdatedRows(context, companyId, 'versions')).toBe(0);
    const step = keptSteps(context, club, week, first);

    await context.db.execute(sql`insert into appointments
        (company_id, place_id, associate_id, associate_title_id, starts_at, ends_at)
      values (${companyId}::uuid, ${s.a.id}::uuid, ${s.ana.id}::uuid,
        ${s.ana.associateTitleId}::uuid, ${at('2026-06-10', '08:00').toISOString()}::timestamptz,
        ${at('2026-06-10', '09:00').toISOString()}::timestamptz)`);
    let { previous, after } = await step('versions');
    expect(after.occupancy.total.bookedMinutes.current).toBe(
      previous.occupancy.total.bookedMinutes.current + 60,
    );

    // A block written the same way: Thursday 11:00–12:00 at Quadra B leaves the bookable time.
    await context.db.execute(sql`insert into blocked_times
        (company_id, place_id, description, starts_at, ends_at)
      values (${companyId}::uuid, ${s.b.id}::uuid, 'Pintura',
        ${at('2026-06-11', '11:00').toISOString()}::timestamptz,
        ${at('2026-06-11', '12:00').toISOString()}::timestamptz)`);
    ({ previous, after } = await step('versions'));
    expect(after.occupancy.total.bookableMinutes.current).toBe(
      previous.occupancy.total.bookableMinutes.current - 60,
    );
  });
});
