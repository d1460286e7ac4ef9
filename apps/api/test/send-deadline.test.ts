import { Readable } from 'node:stream';
import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { admissionPlugin } from '../src/plugins/admission';

/**
 * The send deadline (SEND_TIMEOUT_S) is for a client that stops reading, not for the length of an
 * answer: a long export that keeps flowing reaches its end, a connection that takes nothing of its
 * answer for the deadline is dropped.
 */

const deadlineMs = 300;
const chunk = Buffer.alloc(64 * 1024, 'x');

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server whose `/api/export` streams `chunks` chunks of 64 KiB, one every `everyMs`. */
async function exportServer(chunks: number, everyMs: number) {
  app = Fastify({ forceCloseConnections: true });
  await app.register(admissionPlugin, { limit: 1, sendTimeoutMs: deadlineMs });
  app.get('/api/export', async (_request, reply) => {
    const body = Readable.from(
      (async function* () {
        for (let index = 0; index < chunks; index += 1) {
          await new Promise((resolve) => setTimeout(resolve, everyMs));
          yield chunk;
        }
      })(),
    );
    return reply.type('text/csv').send(body);
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const dropped: Array<Promise<void>> = [];
  app.server.on('connection', (socket: Socket) =>
    dropped.push(new Promise((resolve) => socket.once('close', () => resolve()))),
  );
  return { base, dropped };
}

describe('the send deadline', () => {
  it('lets an answer that keeps flowing run for several deadlines, to its end', async () => {
    // 30 chunks, one every 50 ms: about five times the deadline.
    const { base } = await exportServer(30, 50);
    const started = performance.now();
    const answer = await fetch(`${base}/api/export`);
    const body = Buffer.from(await answer.arrayBuffer());
    expect(performance.now() - started).toBeGreaterThan(3 * deadlineMs);
    expect(body.length).toBe(30 * chunk.length);
  });

  it('drops a connection whose client read the first part and then stopped reading', async () => {
    // Far more than the sockets' buffers hold, sent as fast as it can leave.
    const { base, dropped } = await exportServer(4096, 0);
    const { port } = new URL(base);
    const client = connect(Number(port), '127.0.0.1');
    let received = 0;
    const readSome = new Promise<void>((resolve) =>
      client.on('data', (data: Buffer) => {
        received += data.length;
        // Read a megabyte, then stop reading for good.
        if (received > 1024 * 1024) {
          client.pause();
          resolve();
        }
      }),
    );
    client.write('GET /api/export HTTP/1.1\r\nHost: test\r\n\r\n');
    await readSome;
    // The server gives up on it instead of waiting for the 256 MB to leave.
    await dropped[0];
    expect(received).toBeLessThan(4096 * chunk.length);
    client.destroy();
  });
});
