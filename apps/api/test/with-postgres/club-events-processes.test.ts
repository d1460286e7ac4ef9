import { openDatabase, type DatabaseHandle } from '@clube/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingScene } from '../factories';
import { openStream, startApp, type TestServer } from '../club-event-stream';
import { createTestDatabase } from '../helper';

/** Collected only when DATABASE_URL is set: two API processes' listeners on one PostgreSQL. */
describe('live club events across API processes', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let drop: () => Promise<void>;
  let serverOne: TestServer;
  let serverTwo: TestServer;
  beforeAll(async () => {
    const created = await createTestDatabase();
    ({ database: first, drop } = created);
    second = await openDatabase({ driver: 'postgres', url: created.url! });
    serverOne = await startApp(first);
    serverTwo = await startApp(second);
  });
  afterAll(async () => {
    await serverOne.close();
    await serverTwo.close();
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
