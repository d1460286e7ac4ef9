import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { admissionPlugin, maxRunsOfAKeyPerTurn } from '../src/plugins/admission';
import { gate, until } from './admission-scene';

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
