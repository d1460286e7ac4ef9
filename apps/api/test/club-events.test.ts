import { places, type DatabaseHandle } from '@clube/db';
import { clubDateOf } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppointment, createBookingScene, createPlace, createPortalScene } from './factories';
import { openMemberStream, openStream, startApp, type TestServer } from './club-event-stream';
import { createTestDatabase } from './helper';
import { maxStreamsPerPerson } from '../src/lib/club-event-stream';
import { lostAnnouncements, transactionAnnouncing } from '../src/lib/club-events';

describe('live club events on one API process', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let server: TestServer;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    server = await startApp(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
    await drop();
  });

  /** Staff of the scene's club book its place on `date` at `time`, through the API. */
  const book = (
    scene: Awaited<ReturnType<typeof createBookingScene>>,
    date: string,
    time: string,
  ) =>
    server.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers: scene.headers,
      payload: scene.bodyFor(date, time),
    });

  it("streams a club's bookings, cancellations and blocks to its staff, and never to another club's", async () => {
    const a = await createBookingScene(server.app);
    const b = await createBookingScene(server.app);
    const streamA = await openStream(server.baseUrl, a.company.id, a.headers);
    const streamB = await openStream(server.baseUrl, b.company.id, b.headers);
    expect(streamA.response.headers.get('content-type')).toContain('text/event-stream');
    await Promise.all([streamA.ready(), streamB.ready()]);

    const date = a.day(2);
    const booked = await book(a, date, '10:00');
    expect(booked.statusCode).toBe(201);
    await server.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/cancel/${booked.json<{ id: string }>().id}`,
      headers: a.headers,
      payload: { reason: 'Chuva' },
    });
    const block = await server.app.inject({
      method: 'POST',
      url: '/api/backoffice/blocked-time/bulk',
      headers: a.headers,
      payload: {
        description: 'Pintura',
        startAt: a.at(date, '14:00').toISOString(),
        endsAt: a.at(date, '16:00').toISOString(),
        placeIds: [a.place.id],
      },
    });
    expect(block.statusCode).toBe(201);
    const blockId = block.json<{ items: { id: string }[] }>().items[0]!.id;
    await server.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/blocked-time/${blockId}`,
      headers: a.headers,
    });

    const place = { companyId: a.company.id, placeId: a.place.id, date };
    expect(await streamA.changes(4)).toEqual([
      { ...place, kind: 'appointment.created' },
      { ...place, kind: 'appointment.cancelled' },
      { ...place, kind: 'blocked-time.created' },
      { ...place, kind: 'blocked-time.deleted' },
    ]);
    // Club B then books: B's stream holds that one event, none of club A's before it.
    await book(b, b.day(1), '09:00');
    expect(await streamB.changes(1)).toEqual([
      { companyId: b.company.id, placeId: b.place.id, date: b.day(1), kind: 'appointment.created' },
    ]);
    expect(await streamA.changes(5, 300)).toHaveLength(4);
    streamA.close();
    streamB.close();
  });

  it('streams a moved booking to both places of its club', async () => {
    const a = await createBookingScene(server.app);
    const other = await createPlace(server.app.db, a.company.id, {
      name: 'Quadra ao lado',
      categoryId: a.place.categoryId,
    });
    const stream = await openStream(server.baseUrl, a.company.id, a.headers);
    await stream.ready();
    const date = a.day(2);
    const booked = await book(a, date, '10:00');
    const moved = await server.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/${booked.json<{ id: string }>().id}/move`,
      headers: a.headers,
      payload: { placeId: other.id, startsAt: a.at(date, '11:00').toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    const at = { companyId: a.company.id, date };
    expect(await stream.changes(3)).toEqual([
      { ...at, placeId: a.place.id, kind: 'appointment.created' },
      { ...at, placeId: a.place.id, kind: 'appointment.moved' },
      { ...at, placeId: other.id, kind: 'appointment.moved' },
    ]);
    stream.close();
  });

  it("streams a member's portal booking and portal cancellation to the club's staff, and never to another club's", async () => {
    const a = await createPortalScene(server.app);
    const b = await createPortalScene(server.app);
    const streamA = await openStream(server.baseUrl, a.company.id, a.staffHeaders);
    const streamB = await openStream(server.baseUrl, b.company.id, b.staffHeaders);
    await Promise.all([streamA.ready(), streamB.ready()]);

    const date = a.day(2);
    const booked = await server.app.inject({
      method: 'POST',
      url: '/api/portal/bookings',
      headers: a.holderSession.headers,
      payload: { placeId: a.place.id, startsAt: a.at(date, '10:00').toISOString() },
    });
    expect(booked.statusCode).toBe(201);
    const cancelled = await server.app.inject({
      method: 'PATCH',
      url: `/api/portal/bookings/${booked.json<{ id: string }>().id}/cancel`,
      headers: a.holderSession.headers,
    });
    expect(cancelled.statusCode).toBe(200);

    const place = { companyId: a.company.id, placeId: a.place.id, date };
    expect(await streamA.changes(2)).toEqual([
      { ...place, kind: 'appointment.created' },
      { ...place, kind: 'appointment.cancelled' },
    ]);
    expect(await streamB.changes(1, 300)).toEqual([]);
    streamA.close();
    streamB.close();
  });

  it("streams to a member their own club's changes only, naming places and dates, never people", async () => {
    const a = await createPortalScene(server.app);
    const b = await createPortalScene(server.app);
    const memberA = await openMemberStream(server.baseUrl, a.neighbourSession.headers);
    const memberB = await openMemberStream(server.baseUrl, b.holderSession.headers);
    expect(memberA.response.headers.get('content-type')).toContain('text/event-stream');
    await Promise.all([memberA.ready(), memberB.ready()]);

    // Another family of club A books on the portal, then the club's staff books for a member.
    const date = a.day(2);
    const booked = await server.app.inject({
      method: 'POST',
      url: '/api/portal/bookings',
      headers: a.holderSession.headers,
      payload: { placeId: a.place.id, startsAt: a.at(date, '10:00').toISOString() },
    });
    expect(booked.statusCode).toBe(201);
    const raw = await memberA.changes(1);
    expect(raw).toEqual([
      { companyId: a.company.id, placeId: a.place.id, date, kind: 'appointment.created' },
    ]);
    expect(JSON.stringify(raw)).not.toContain(a.holder.name);
    expect(JSON.stringify(raw)).not.toContain(a.holder.id);
    // Club B's member heard nothing of club A.
    expect(await memberB.changes(1, 300)).toEqual([]);
    memberA.close();
    memberB.close();
  });

  it(`keeps at most ${maxStreamsPerPerson} streams open per person: one more ends their oldest, never another's`, async () => {
    const a = await createPortalScene(server.app);
    const other = await openMemberStream(server.baseUrl, a.neighbourSession.headers);
    const streams = [];
    for (let i = 0; i <= maxStreamsPerPerson; i += 1) {
      const stream = await openMemberStream(server.baseUrl, a.holderSession.headers);
      await stream.ready();
      streams.push(stream);
    }
    await other.ready();
    await streams[0]!.ended;

    const booked = await server.app.inject({
      method: 'POST',
      url: '/api/portal/bookings',
      headers: a.holderSession.headers,
      payload: { placeId: a.place.id, startsAt: a.at(a.day(2), '10:00').toISOString() },
    });
    expect(booked.statusCode).toBe(201);
    for (const stream of [...streams.slice(1), other])
      expect(await stream.changes(1)).toHaveLength(1);
    expect(await streams[0]!.changes(1, 300)).toEqual([]);
    for (const stream of [...streams, other]) stream.close();
  });

  it('refuses the member stream without a member token, and to staff tokens', async () => {
    const a = await createPortalScene(server.app);
    expect((await fetch(`${server.baseUrl}/api/portal/events`)).status).toBe(401);
    const asStaff = await fetch(`${server.baseUrl}/api/portal/events`, { headers: a.staffHeaders });
    expect(asStaff.status).toBe(401);
    expect(await asStaff.json()).toMatchObject({ error: 'Unauthorized' });
  });

  it('streams check-ins, no-shows and their undoing, so every open sheet shows attendance', async () => {
    const a = await createBookingScene(server.app);
    const stream = await openStream(server.baseUrl, a.company.id, a.headers);
    await stream.ready();
    // Started half an hour ago and ends in half an hour: both check-in and no-show are allowed.
    const startsAt = new Date(Date.now() - 30 * 60_000);
    const booking = await createAppointment(database.db, {
      place: a.place,
      associate: a.associate,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
    });
    const act = (action: string) =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/backoffice/appointment/${booking.id}/${action}`,
        headers: a.headers,
      });
    for (const action of ['check-in', 'undo-attendance', 'no-show'])
      expect((await act(action)).statusCode).toBe(200);

    const change = {
      companyId: a.company.id,
      placeId: a.place.id,
      date: clubDateOf(startsAt, a.company.timezone),
      kind: 'appointment.attendance',
    };
    expect(await stream.changes(3)).toEqual([change, change, change]);
    stream.close();
  });

  it('refuses a club the caller is not staff of (404) and a missing token (401)', async () => {
    const a = await createBookingScene(server.app);
    const b = await createBookingScene(server.app);
    const foreign = await openStream(server.baseUrl, a.company.id, b.headers);
    expect(foreign.response.status).toBe(404);
    const anonymous = await openStream(server.baseUrl, a.company.id, {});
    expect(anonymous.response.status).toBe(401);
  });

  it('announces nothing for a booking that was refused (rolled back)', async () => {
    const a = await createBookingScene(server.app);
    const stream = await openStream(server.baseUrl, a.company.id, a.headers);
    await stream.ready();
    const refused = await book(a, a.day(-1), '10:00');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await stream.changes(1, 300)).toEqual([]);
    stream.close();
  });

  /**
   * Makes every announcement fail, as if the database went away just before it; everything else
   * runs. Every database object is spied on: on PostgreSQL a booking runs on a connection of its
   * own. Answers the function that restores them.
   */
  function failAnnouncements() {
    const dialect = new PgDialect();
    type Execute = PgDatabase<PgQueryResultHKT>['execute'];
    const execute: Execute = PgDatabase.prototype.execute;
    const spy = vi.spyOn(PgDatabase.prototype, 'execute').mockImplementation(function (
      this: PgDatabase<PgQueryResultHKT>,
      query: Parameters<Execute>[0],
    ) {
      return typeof query !== 'string' &&
        dialect.sqlToQuery(query.getSQL()).sql.includes('pg_notify')
        ? Promise.reject(new Error('connection lost'))
        : execute.call(this, query);
    } as Execute);
    return () => spy.mockRestore();
  }

  it('keeps a booking that committed when its announcement then fails, and logs the loss', async () => {
    const a = await createBookingScene(server.app);
    const restore = failAnnouncements();
    const logged = vi.spyOn(server.app.log, 'warn');
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const date = a.day(2);
      const booked = await book(a, date, '10:00');
      expect(booked.statusCode).toBe(201);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({
          err: expect.objectContaining({ message: 'connection lost' }),
          events: [expect.objectContaining({ companyId: a.company.id, placeId: a.place.id, date })],
        }),
        expect.stringContaining('not announced'),
      );
      // Logged by the app, not also printed as a process warning.
      expect(warning).not.toHaveBeenCalled();
      const listed = await server.app.inject({
        method: 'GET',
        url: `/api/backoffice/appointment?companyId=${a.company.id}&fromDate=${date}&toDate=${a.day(3)}`,
        headers: a.headers,
      });
      expect(listed.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([
        booked.json<{ id: string }>().id,
      ]);
    } finally {
      restore();
      logged.mockRestore();
      warning.mockRestore();
    }
  });

  it('warns the process of a lost announcement when no app is there to log it', async () => {
    const a = await createBookingScene(server.app);
    const listening = lostAnnouncements.listeners('lost');
    lostAnnouncements.removeAllListeners('lost');
    const restore = failAnnouncements();
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      await transactionAnnouncing(database.db, async (tx, announce) => {
        await tx.update(places).set({ name: 'Quadra renomeada' }).where(eq(places.id, a.place.id));
        announce({
          companyId: a.company.id,
          kind: 'blocked-time.created',
          placeId: a.place.id,
          date: a.day(2),
        });
      });
      expect(warning).toHaveBeenCalledWith(
        'club change not announced (connection lost)',
        expect.objectContaining({ type: 'ClubEventsWarning' }),
      );
    } finally {
      restore();
      warning.mockRestore();
      for (const listener of listening) lostAnnouncements.on('lost', listener);
    }
    // The write itself committed.
    const [place] = await database.db.select().from(places).where(eq(places.id, a.place.id));
    expect(place!.name).toBe('Quadra renomeada');
  });

  it("fails a caller's transaction whose announcement fails, rather than commit it aborted", async () => {
    const a = await createBookingScene(server.app);
    const restore = failAnnouncements();
    try {
      const write = database.db.transaction((outer) =>
        transactionAnnouncing(outer, async (tx, announce) => {
          await tx
            .update(places)
            .set({ name: 'Quadra renomeada' })
            .where(eq(places.id, a.place.id));
          announce({
            companyId: a.company.id,
            kind: 'blocked-time.created',
            placeId: a.place.id,
            date: a.day(2),
          });
        }),
      );
      await expect(write).rejects.toThrow('connection lost');
    } finally {
      restore();
    }
    const [place] = await database.db.select().from(places).where(eq(places.id, a.place.id));
    expect(place!.name).toBe(a.place.name);
  });
});
