import Fastify, { type FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { admissionPlugin, maxRunsOfAKeyPerTurn } from '../src/plugins/admission';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openStream } from './club-event-stream';
import { createBookingScene, createPortalScene } from './factories';
import { testJwtSecret, useTestDatabase } from './helper';

/** A gate a route waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Polls until `condition` holds (the server's own counters, not a clock). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * A bare server with the admission and routes that record when each request starts:
 * `/api/hold` waits at the gate, `/api/read` and `/api/write` answer at once.
 */
async function serverWith(limit: number, options: { serverTiming?: boolean } = {}) {
  // Closing the test's server does not wait for the client's idle keep-alive connections.
  const app = Fastify({ forceCloseConnections: true });
  await app.register(admissionPlugin, { limit, ...options });
  const started: string[] = [];
  const hold = gate();
  let working = 0;
  let mostAtOnce = 0;
  app.get('/api/hold', async () => {
    started.push('hold');
    await hold.opened;
    return { ok: true };
  });
  app.get('/api/read', async () => {
    started.push('read');
    working += 1;
    mostAtOnce = Math.max(mostAtOnce, working);
    await new Promise((resolve) => setTimeout(resolve, 10));
    working -= 1;
    return { ok: true };
  });
  app.post('/api/write', async () => {
    started.push('write');
    return { ok: true };
  });
  app.get('/api/exempt', { config: { admission: 'exempt' } }, async () => ({ ok: true }));
  app.get('/page', async () => ({ ok: true }));
  app.get(
    '/api/refused',
    {
      onRequest: async (_request, reply) => {
        await reply.code(401).send({ error: 'Unauthorized' });
      },
    },
    async () => ({ ok: true }),
  );
  // Authenticated slowly: the request reaches the queue only once the test opens the gate.
  const authenticating = gate();
  app.get(
    '/api/slow-auth',
    {
      onRequest: async () => {
        started.push('authenticating');
        await authenticating.opened;
      },
      onRequestAbort: async () => {
        started.push('client left');
      },
    },
    async () => {
      started.push('slow-auth');
      return { ok: true };
    },
  );
  // One family's requests: `first` waits at the hold gate, the others answer at once.
  app.get(
    '/api/family/:name',
    {
      config: { admissionKey: () => 'family' },
      onRequestAbort: async (request) => {
        started.push(`${(request.params as { name: string }).name} left`);
      },
    },
    async (request) => {
      const { name } = request.params as { name: string };
      started.push(name);
      if (name === 'first') await hold.opened;
      return { ok: true };
    },
  );
  app.post('/api/failing', async () => {
    throw Object.assign(new Error('Horário já reservado'), { statusCode: 409 });
  });
  return { app, started, hold, authenticating, mostAtOnce: () => mostAtOnce };
}

/** A server with one turn, taken by a request held at its gate (`hold.open()` lets it finish). */
async function serverWithItsTurnTaken(options: { serverTiming?: boolean } = {}) {
  const server = await serverWith(1, options);
  const held = server.app.inject({ url: '/api/hold' });
  await until(() => server.started.includes('hold'));
  return { ...server, held };
}

describe('admission: how many API requests are worked on at once, and in which order', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('never works on more than the limit at once, and answers every request', async () => {
    const server = await serverWith(2);
    app = server.app;
    // From seven addresses: seven flows, none of them held to its share of the turns.
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        app!.inject({ url: '/api/read', remoteAddress: `10.0.0.${index + 1}` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(7).fill(200));
    expect(server.mostAtOnce()).toBe(2);
    expect(app.admission).toMatchObject({ working: 0, waiting: 0 });
  });

  it('gives one flow all turns but one, so that another finds one free at once', async () => {
    const server = await serverWith(3);
    app = server.app;
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => app!.inject({ url: '/api/read' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(7).fill(200));
    expect(server.mostAtOnce()).toBe(2);
  });

  it('lets a waiting write pass the reads that have waited longer', async () => {
    const server = await serverWithItsTurnTaken();
    app = server.app;
    const read = app.inject({ url: '/api/read' });
    await until(() => app!.admission.waiting === 1);
    const write = app.inject({ method: 'POST', url: '/api/write' });
    await until(() => app!.admission.waiting === 2);
    server.hold.open();
    await Promise.all([server.held, read, write]);
    expect(server.started).toEqual(['hold', 'write', 'read']);
  });

  it('ends the turn of a request its handler refused, and of one a hook refused', async () => {
    const server = await serverWith(1);
    app = server.app;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await app.inject({ method: 'POST', url: '/api/failing' })).statusCode).toBe(409);
      expect((await app.inject({ url: '/api/refused' })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/api/read' })).statusCode).toBe(200);
    expect(app.admission).toMatchObject({ working: 0, waiting: 0 });
  });

  it("does not queue the web app's files nor a route marked exempt", async () => {
    const server = await serverWithItsTurnTaken();
    app = server.app;
    expect((await app.inject({ url: '/api/exempt' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/page' })).statusCode).toBe(200);
    expect(app.admission).toMatchObject({ working: 1, waiting: 0 });
    server.hold.open();
    await server.held;
  });

  it('never starts a request whose client left while it waited', async () => {
    const server = await serverWith(1);
    app = server.app;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const held = fetch(`${base}/api/hold`);
    await until(() => server.started.includes('hold'));
    const leaving = new AbortController();
    const left = fetch(`${base}/api/read`, { signal: leaving.signal }).catch(() => 'left');
    await until(() => app!.admission.waiting === 1);
    leaving.abort();
    expect(await left).toBe('left');
    await until(() => app!.admission.waiting === 0);
    server.hold.open();
    expect((await held).status).toBe(200);
    expect((await fetch(`${base}/api/write`, { method: 'POST' })).status).toBe(200);
    expect(server.started).toEqual(['hold', 'write']);
  });

  it('neither queues nor starts a request whose client left before it reached the queue', async () => {
    const server = await serverWith(1);
    app = server.app;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const leaving = new AbortController();
    const left = fetch(`${base}/api/slow-auth`, { signal: leaving.signal }).catch(() => 'left');
    await until(() => server.started.includes('authenticating'));
    leaving.abort();
    expect(await left).toBe('left');
    await until(() => server.started.includes('client left'));
    server.authenticating.open();
    // Had it taken the only turn, its 'close' long gone, nothing would ever be answered again.
    expect((await fetch(`${base}/api/write`, { method: 'POST' })).status).toBe(200);
    expect(server.started).toEqual(['authenticating', 'client left', 'write']);
    expect(app.admission).toMatchObject({ working: 0, waiting: 0 });
  });

  it('gives the turn of a request whose client left while it was worked on to the next', async () => {
    const server = await serverWith(1);
    app = server.app;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const leaving = new AbortController();
    const left = fetch(`${base}/api/hold`, { signal: leaving.signal }).catch(() => 'left');
    await until(() => server.started.includes('hold'));
    leaving.abort();
    expect(await left).toBe('left');
    // The held handler is still waiting at its gate, yet the next request is answered.
    expect((await fetch(`${base}/api/read`)).status).toBe(200);
    server.hold.open();
  });

  /** One turn, held by a family's first request, and a read waiting in the queue for it. */
  async function familyFirstAndAReadWaiting() {
    const server = await serverWith(1);
    app = server.app;
    const first = app.inject({ url: '/api/family/first' });
    await until(() => server.started.includes('first'));
    const read = app.inject({ url: '/api/read' });
    await until(() => app!.admission.waiting === 1);
    return { server, first, read };
  }

  it('works on the requests of one key one after another, in the turn the first was given', async () => {
    const { server, first, read } = await familyFirstAndAReadWaiting();
    // Then a second request of the family comes.
    const second = server.app.inject({ url: '/api/family/second' });
    // It waits behind the family's first, not in the queue: still one turn in use.
    await until(() => server.app.admission.waiting === 2);
    expect(server.app.admission.working).toBe(1);
    server.hold.open();
    await Promise.all([first, second, read]);
    // The turn passed from the first to the second, ahead of the read that had waited longer.
    expect(server.started).toEqual(['first', 'second', 'read']);
    expect(server.app.admission).toMatchObject({ working: 0, waiting: 0 });
  });

  it('gives a key no more than its share of a turn, then queues its next request again', async () => {
    const { server, first, read } = await familyFirstAndAReadWaiting();
    // The family keeps sending: more than a turn's share of requests wait behind its first.
    const more = Array.from({ length: maxRunsOfAKeyPerTurn + 1 }, (_, index) => `f${index + 1}`);
    const answers = more.map((name) => server.app.inject({ url: `/api/family/${name}` }));
    await until(() => server.app.admission.waiting === 1 + more.length);
    server.hold.open();
    await Promise.all([first, read, ...answers]);
    // The first and the next ones up to the share, then the read that waited, then the rest.
    const share = maxRunsOfAKeyPerTurn - 1;
    expect(server.started).toEqual([
      'first',
      ...more.slice(0, share),
      'read',
      ...more.slice(share),
    ]);
    expect(server.app.admission).toMatchObject({ working: 0, waiting: 0 });
  });

  it("passes a family's turn over a request whose client left while it waited for it", async () => {
    const server = await serverWith(1);
    app = server.app;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const first = fetch(`${base}/api/family/first`);
    await until(() => server.started.includes('first'));
    const leaving = new AbortController();
    const left = fetch(`${base}/api/family/second`, { signal: leaving.signal }).catch(() => 'left');
    // Its headers reach the server before it leaves.
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.abort();
    expect(await left).toBe('left');
    await until(() => server.started.includes('second left'));
    const third = fetch(`${base}/api/family/third`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.hold.open();
    expect((await first).status).toBe(200);
    expect((await third).status).toBe(200);
    expect((await fetch(`${base}/api/read`)).status).toBe(200);
    expect(server.started).toEqual(['first', 'second left', 'third', 'read']);
  });

  it('works on the rest of a family when the client of its first left before its turn', async () => {
    const server = await serverWithItsTurnTaken();
    app = server.app;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const leaving = new AbortController();
    const left = fetch(`${base}/api/family/early`, { signal: leaving.signal }).catch(() => 'left');
    await until(() => app!.admission.waiting === 1);
    const second = fetch(`${base}/api/family/second`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.abort();
    expect(await left).toBe('left');
    await until(() => server.started.includes('early left'));
    server.hold.open();
    await server.held;
    expect((await second).status).toBe(200);
    expect(server.started).toEqual(['hold', 'early left', 'second']);
    expect(app.admission).toMatchObject({ working: 0, waiting: 0 });
  });

  it('says, when asked to, how long each request spent before, in and after the queue', async () => {
    const server = await serverWithItsTurnTaken({ serverTiming: true });
    app = server.app;
    const read = app.inject({ url: '/api/read' });
    await until(() => app!.admission.waiting === 1);
    // The read cannot get its turn before the held request ends, 30 ms from now at the earliest.
    await new Promise((resolve) => setTimeout(resolve, 30));
    server.hold.open();
    const timing = (await read).headers['server-timing'];
    const received = performance.timeOrigin + performance.now();
    const match =
      /^pre;dur=(\d+\.\d), queue;dur=(\d+\.\d), turn;dur=(\d+\.\d), sent;desc="(\d+\.\d\d)"$/.exec(
        String(timing),
      );
    expect(match, String(timing)).not.toBeNull();
    expect(Number(match![2])).toBeGreaterThanOrEqual(29);
    // The read's handler waits 10 ms in its turn.
    expect(Number(match![3])).toBeGreaterThanOrEqual(9);
    // When the answer left, on the clock this process reads too: after its turn began, before
    // it arrived here.
    const sent = Number(match![4]);
    expect(sent).toBeLessThanOrEqual(received);
    expect(sent).toBeGreaterThan(received - 1_000);
    expect((await server.held).headers['server-timing']).toMatch(/^pre;dur=.*turn;dur=/);
    // Requests that never queue have nothing to tell.
    expect((await app.inject({ url: '/api/exempt' })).headers['server-timing']).toBeUndefined();
  });

  it('tells nothing of its timings unless asked to', async () => {
    const server = await serverWith(1);
    app = server.app;
    expect((await app.inject({ url: '/api/read' })).headers['server-timing']).toBeUndefined();
  });
});

/**
 * A bare server with one turn whose requests belong to the club named in `x-club` (as a member's
 * would): `/api/read` and `/api/write` each take a few milliseconds of work.
 */
async function clubsServer() {
  const app = Fastify({ forceCloseConnections: true });
  app.addHook('preValidation', async (request) => {
    const club = request.headers['x-club'];
    if (typeof club === 'string') Object.assign(request, { member: { companyId: club } });
  });
  await app.register(admissionPlugin, { limit: 1 });
  const work = () => new Promise((resolve) => setTimeout(resolve, 3));
  app.get('/api/read', async () => {
    await work();
    return { ok: true };
  });
  app.post('/api/write', async () => {
    await work();
    return { ok: true };
  });
  return app;
}

/** The median time of `times` requests made one after another (ms). */
async function medianOf(times: number, request: () => Promise<unknown>) {
  const spent: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await request();
    spent.push(performance.now() - start);
  }
  return spent.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

describe('admission: no club, class of request or client holds the others', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  // Without fairness a read waits for the whole burst: some 300 times its unloaded time.
  const burst = 300;

  it("answers another club's read within a few of its unloaded times while one club bursts writes", async () => {
    app = await clubsServer();
    const read = () => app!.inject({ url: '/api/read', headers: { 'x-club': 'B' } });
    const unloaded = await medianOf(5, read);
    const writes = Array.from({ length: burst }, () =>
      app!.inject({ method: 'POST', url: '/api/write', headers: { 'x-club': 'A' } }),
    );
    await until(() => app!.admission.waiting >= burst - 1);
    const start = performance.now();
    expect((await read()).statusCode).toBe(200);
    const loaded = performance.now() - start;
    // Served in the round after at most one of club A's writes, not after all of them (a
    // generous bound: timers on a loaded machine are late).
    expect(loaded / unloaded, `${loaded} ms against ${unloaded} ms`).toBeLessThan(20);
    expect(app.admission.waiting).toBeGreaterThan(burst / 2);
    await Promise.all(writes);
  });

  it("serves a club's own read while its writes stream, within a bounded number of them", async () => {
    app = await clubsServer();
    const read = () => app!.inject({ url: '/api/read', headers: { 'x-club': 'A' } });
    const unloaded = await medianOf(5, read);
    const writes = Array.from({ length: burst }, () =>
      app!.inject({ method: 'POST', url: '/api/write', headers: { 'x-club': 'A' } }),
    );
    await until(() => app!.admission.waiting >= burst - 1);
    const start = performance.now();
    expect((await read()).statusCode).toBe(200);
    const loaded = performance.now() - start;
    // Writes pass it, but no more than writesPerRead (3) of them: not the whole stream.
    expect(loaded / unloaded, `${loaded} ms against ${unloaded} ms`).toBeLessThan(30);
    expect(app.admission.waiting).toBeGreaterThan(burst / 2);
    await Promise.all(writes);
  });

  it('gives the turn back once the answer is handed over: clients that never read hold none', async () => {
    app = Fastify({ forceCloseConnections: true });
    await app.register(admissionPlugin, { limit: 1, sendTimeoutMs: 500 });
    // Far more than the sockets' buffers hold: the answer cannot leave unless the client reads.
    const large = Buffer.alloc(64 * 1024 * 1024, 'x');
    let served = 0;
    app.get('/api/large', async (_request, reply) => {
      served += 1;
      return reply.type('text/plain').send(large);
    });
    app.get('/api/read', async () => ({ ok: true }));
    // The server's side of each connection, to see it dropped.
    const dropped: Array<Promise<void>> = [];
    app.server.on('connection', (socket: Socket) =>
      dropped.push(new Promise((resolve) => socket.once('close', () => resolve()))),
    );
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    // Two clients ask for the large answer and never read it.
    const readers: Socket[] = [];
    for (let i = 0; i < 2; i += 1) {
      const socket = connect(Number(port), '127.0.0.1');
      socket.pause();
      socket.write('GET /api/large HTTP/1.1\r\nHost: test\r\n\r\n');
      readers.push(socket);
    }
    // Both were worked on, one after the other, through the only turn…
    await until(() => served === 2);
    // …and every other request keeps its turn…
    expect((await fetch(`${base}/api/read`, { headers: { connection: 'close' } })).status).toBe(
      200,
    );
    // …and the server drops the connections that did not read their answer by its deadline.
    await Promise.all(dropped.slice(0, 2));
    for (const socket of readers) socket.destroy();
  });
});

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
