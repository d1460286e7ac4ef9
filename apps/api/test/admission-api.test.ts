import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openStream } from './club-event-stream';
import { createBookingScene, createPortalScene } from './factories';
import { testJwtSecret, useTestDatabase } from './helper';
import { gate, until } from './admission-scene';

describe('admission in the API', () => {
  // One database for the file: each test builds its own app on it (its own routes, hooks and
  // settings) and its own club, so nothing a test reads was written by another.
  const shared = useTestDatabase();
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** The API with a single turn, listening; `prepare` adds the test's routes or hooks first. */
  async function apiWithOneTurn(prepare: (app: App) => void, env: Record<string, string> = {}) {
    const config = loadConfig({
      DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/clube-test-data`,
      REQUEST_CONCURRENCY: '1',
      ...env,
    });
    const app = await buildApp({ config, database: shared.database, jwtSecret: testJwtSecret });
    prepare(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
    return { app, base, scene: await createBookingScene(app) };
  }

  it('lets the health check and the live event stream past a full queue', async () => {
    // The only turn is taken by a request that waits at a gate.
    const hold = gate();
    const { app, base, scene } = await apiWithOneTurn((app) =>
      app.get('/api/test-hold', async () => {
        await hold.opened;
        return { ok: true };
      }),
    );
    const held = fetch(`${base}/api/test-hold`);
    await until(() => app.admission.working === 1);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const stream = await openStream(base, scene.company.id, scene.headers);
    await stream.ready();
    const places = fetch(`${base}/api/backoffice/place/company/${scene.company.id}`, {
      headers: scene.headers,
    });
    await until(() => app.admission.waiting === 1);
    hold.open();
    expect((await held).status).toBe(200);
    expect((await places).status).toBe(200);
    stream.close();
  });

  it("lets the API's documents past a full queue: large and public, they never take a turn", async () => {
    const hold = gate();
    const { app, base } = await apiWithOneTurn((app) =>
      app.get('/api/test-hold', async () => {
        await hold.opened;
        return { ok: true };
      }),
    );
    const held = fetch(`${base}/api/test-hold`);
    await until(() => app.admission.working === 1);
    for (const path of ['/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    expect(app.admission.waiting).toBe(0);
    hold.open();
    expect((await held).status).toBe(200);
  });

  it('sheds a request that waited past its limit with 503 and Retry-After, and reports the process not ready meanwhile', async () => {
    const hold = gate();
    const { app, base, scene } = await apiWithOneTurn(
      (app) =>
        app.get('/api/test-hold', async () => {
          await hold.opened;
          return { ok: true };
        }),
      { REQUEST_QUEUE_MAX_WAIT_S: '1' },
    );
    expect(await (await fetch(`${base}/api/health/ready`)).json()).toMatchObject({
      status: 'ready',
    });
    const held = fetch(`${base}/api/test-hold`);
    await until(() => app.admission.working === 1);
    const places = fetch(`${base}/api/backoffice/place/company/${scene.company.id}`, {
      headers: scene.headers,
    });
    await until(() => app.admission.oldestWait() > app.admission.maxWaitMs);
    // Alive, but not serving its queue: a load balancer should send its requests elsewhere.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const notReady = await fetch(`${base}/api/health/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ error: 'ServerBusy' });
    hold.open();
    expect((await held).status).toBe(200);
    const shed = await places;
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('2');
    expect(await shed.json()).toMatchObject({ error: 'ServerBusy' });
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
  });

  it("works on a family's bookings one after another, in one turn, ahead of the queue", async () => {
    // Each request's label, in the order the requests got their turns; the family's first
    // booking holds its turn (its answer waits at the gate) until the test opens it.
    const turns: string[] = [];
    const answering = gate();
    let firstAnswering = false;
    const { app } = await apiWithOneTurn((app) => {
      app.addHook('preHandler', async (request) => {
        const label = request.headers['x-test'];
        if (typeof label === 'string') turns.push(label);
      });
      // Before its answer is handed over (onSend), when its turn would end.
      app.addHook('preSerialization', async (request, _reply, payload) => {
        if (request.headers['x-test'] !== 'family first') return payload;
        firstAnswering = true;
        await answering.opened;
        return payload;
      });
    });
    const s = await createPortalScene(app, { associateReservationLimit: 1 });
    const date = s.day(2);
    const book = (label: string, headers: Record<string, string>, time: string) =>
      app.inject({
        method: 'POST',
        url: '/api/portal/bookings',
        headers: { ...headers, 'x-test': label },
        payload: { placeId: s.place.id, startsAt: s.at(date, time).toISOString() },
      });
    const first = book('family first', s.holderSession.headers, '09:00');
    await until(() => firstAnswering);
    const neighbour = book('neighbour', s.neighbourSession.headers, '10:00');
    await until(() => app.admission.waiting === 1);
    const second = book('family second', s.dependentSession.headers, '11:00');
    await until(() => app.admission.waiting === 2);
    answering.open();
    expect((await first).statusCode).toBe(201);
    // Worked on right after the family's first, though the neighbour had waited longer, it sees
    // that booking committed: the title's quota of 1 is used.
    const refused = await second;
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'ReservationsLimitReached' });
    expect((await neighbour).statusCode).toBe(201);
    expect(turns).toEqual(['family first', 'family second', 'neighbour']);
  });

  it('lets uploads and imports, which read their file from the client, past a full queue', async () => {
    // The uploads whose headers the server has read (their body is read by their handler).
    const arrived: string[] = [];
    const { base, scene } = await apiWithOneTurn((app) =>
      app.addHook('preValidation', (request, _reply, done) => {
        if (request.headers['content-type']?.startsWith('multipart/')) arrived.push(request.url);
        done();
      }),
    );
    const paths = [
      '/api/backoffice/placeImage',
      `/api/backoffice/company/${scene.company.id}/logo`,
      `/api/backoffice/associate/import?companyId=${scene.company.id}`,
    ];
    const uploads = new AbortController();
    try {
      for (const path of paths) {
        // A slow connection: the body's first part arrives, the rest never does.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode(
                '--fronteira\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n',
              ),
            );
          },
        });
        void fetch(base + path, {
          method: 'POST',
          headers: { ...scene.headers, 'content-type': 'multipart/form-data; boundary=fronteira' },
          body,
          duplex: 'half',
          signal: uploads.signal,
        } as RequestInit).catch(() => undefined);
      }
      // Each handler now waits for its file; were any of them queued, it would hold the only
      // turn and the next request would wait for it.
      await until(() => arrived.length === paths.length);
      const places = await fetch(`${base}/api/backoffice/place/company/${scene.company.id}`, {
        headers: scene.headers,
      });
      expect(places.status).toBe(200);
    } finally {
      // Before the server closes: it waits for connections still sending.
      uploads.abort();
    }
  });
});
