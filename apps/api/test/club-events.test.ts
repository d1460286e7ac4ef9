import { openDatabase, type DatabaseHandle } from '@clube/db';
import type { ClubEvent } from '@clube/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { createBookingScene } from './appointment-fixtures';
import { createTestDatabase, testJwtSecret } from './helper';

/** A live event stream read the way the web app reads it: fetch with the bearer header. */
async function openStream(baseUrl: string, companyId: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/backoffice/events?companyId=${companyId}`, {
    headers,
    signal: controller.signal,
  });
  const events: { name: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  const pump = async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name && data) events.push({ name, data: JSON.parse(data) });
        for (const wake of waiters.splice(0)) wake();
      }
    }
  };
  if (response.ok) void pump();
  /** The changes received so far, once `count` of them have arrived (or after `ms`). */
  const changes = async (count: number, ms = 2000) => {
    const deadline = Date.now() + ms;
    const current = () => events.filter((event) => event.name === 'change').map((e) => e.data);
    while (current().length < count && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return current() as ClubEvent[];
  };
  const ready = async () => {
    while (!events.some((event) => event.name === 'ready'))
      await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { response, changes, ready, close: () => controller.abort() };
}

async function startApp(database: DatabaseHandle): Promise<{ app: App; baseUrl: string }> {
  const config = loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/clube-test-data` });
  const app = await buildApp({ config, database, jwtSecret: testJwtSecret });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl: address };
}

describe('live club events on one API process', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let server: { app: App; baseUrl: string };
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    server = await startApp(database);
  });
  afterAll(async () => {
    await server.app.close();
    await database.close();
    await drop();
  });

  it("streams a club's bookings, cancellations and blocks to its staff, and never to another club's", async () => {
    const a = await createBookingScene(server.app, database.db);
    const b = await createBookingScene(server.app, database.db);
    const streamA = await openStream(server.baseUrl, a.company.id, a.headers);
    const streamB = await openStream(server.baseUrl, b.company.id, b.headers);
    expect(streamA.response.headers.get('content-type')).toContain('text/event-stream');
    await Promise.all([streamA.ready(), streamB.ready()]);

    const date = a.day(2);
    const booked = await server.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers: a.headers,
      payload: a.bodyFor(date, '10:00'),
    });
    expect(booked.statusCode).toBe(201);
    await server.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/cancel/${booked.json<{ id: string }>().id}`,
      headers: a.headers,
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
    await server.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers: b.headers,
      payload: b.bodyFor(b.day(1), '09:00'),
    });
    expect(await streamB.changes(1)).toEqual([
      { companyId: b.company.id, placeId: b.place.id, date: b.day(1), kind: 'appointment.created' },
    ]);
    expect(await streamA.changes(5, 300)).toHaveLength(4);
    streamA.close();
    streamB.close();
  });

  it('refuses a club the caller is not staff of (404) and a missing token (401)', async () => {
    const a = await createBookingScene(server.app, database.db);
    const b = await createBookingScene(server.app, database.db);
    const foreign = await openStream(server.baseUrl, a.company.id, b.headers);
    expect(foreign.response.status).toBe(404);
    const anonymous = await openStream(server.baseUrl, a.company.id, {});
    expect(anonymous.response.status).toBe(401);
  });

  it('announces nothing for a booking that was refused (rolled back)', async () => {
    const a = await createBookingScene(server.app, database.db);
    const stream = await openStream(server.baseUrl, a.company.id, a.headers);
    await stream.ready();
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers: a.headers,
      payload: a.bodyFor(a.day(-1), '10:00'),
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await stream.changes(1, 300)).toEqual([]);
    stream.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('live club events across API processes', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let drop: () => Promise<void>;
  let serverOne: { app: App; baseUrl: string };
  let serverTwo: { app: App; baseUrl: string };
  beforeAll(async () => {
    const created = await createTestDatabase();
    ({ database: first, drop } = created);
    second = await openDatabase({ driver: 'postgres', url: created.url! });
    serverOne = await startApp(first);
    serverTwo = await startApp(second);
  });
  afterAll(async () => {
    // Open issue: after the other describe block ran in the same file, closing the second app
    // sometimes never resolves on PostgreSQL (the listener's end and the open sockets were ruled
    // out). Bounded here so the suite reports the test itself; to be investigated.
    const closed = (app: App) =>
      Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await closed(serverOne.app);
    await closed(serverTwo.app);
    await second.close();
    await first.close();
    await drop();
  });

  it('a booking written through one process reaches an event stream of the other', async () => {
    const a = await createBookingScene(serverOne.app, first.db);
    const stream = await openStream(serverTwo.baseUrl, a.company.id, a.headers);
    await stream.ready();
    const booked = await serverOne.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers: a.headers,
      payload: a.bodyFor(a.day(3), '11:00'),
    });
    expect(booked.statusCode).toBe(201);
    expect(await stream.changes(1)).toEqual([
      { companyId: a.company.id, placeId: a.place.id, date: a.day(3), kind: 'appointment.created' },
    ]);
    stream.close();
  });
});
