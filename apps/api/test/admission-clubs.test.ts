import Fastify, { type FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { admissionPlugin } from '../src/plugins/admission';
import { until } from './admission-scene';

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
