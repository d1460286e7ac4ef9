import { openDatabase, type DatabaseHandle } from '@clube/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { createBookingScene } from '../factories';
import { openStream, startApp } from '../club-event-stream';
import { createTestDatabase } from '../helper';

/** Collected only when DATABASE_URL is set: two API processes' listeners on one PostgreSQL. */
describe('live club events across API processes', () => {
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
    // Open issue: closing the second app has been seen not to resolve on PostgreSQL (the
    // listener's end and the open sockets were ruled out). Bounded here so the suite reports the
    // test itself; to be investigated.
    const closed = (app: App) =>
      Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await closed(serverOne.app);
    await closed(serverTwo.app);
    await second.close();
    await first.close();
    await drop();
  });

  it('a booking written through one process reaches an event stream of the other', async () => {
    const a = await createBookingScene(serverOne.app);
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
