import { connect } from 'node:net';
import { formatCpf } from '@clube/shared';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { anonymousRoutesPlugin } from '../src/plugins/anonymous-routes';
import { loginLimits } from '../src/services/auth/login';
import { memberLoginAddressLimit } from '../src/services/portal/login-member';
import { freshAddress, uniqueCpf } from './factories';
import { build } from './helper';

/**
 * The routes anyone may call without a session take small bodies only, refuse an address over
 * its limit before reading its body, and bound the bodies in flight: one stranger's large or slow
 * bodies cannot stall everyone.
 */

const context = build();

/** The anonymous routes that read a body, in both realms. */
const anonymousPosts = [
  '/api/auth/login',
  '/api/auth/access-link',
  '/api/auth/access-link/redeem',
  '/api/auth/access-link/check',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/portal/auth/login',
  '/api/portal/auth/access-link',
  '/api/portal/auth/access-link/redeem',
  '/api/portal/auth/access-link/check',
  '/api/portal/auth/refresh',
  '/api/portal/auth/logout',
];

/** A JSON body of about `bytes` bytes. */
const bodyOf = (bytes: number) =>
  JSON.stringify({ cpf: formatCpf(uniqueCpf()), password: 'x'.repeat(bytes) });

/** Sends only the headers of a POST announcing `length` bytes; answers the raw reply text. */
async function headersOnly(port: number, path: string, length: number, address?: string) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: test\r\ncontent-type: application/json\r\n` +
      `content-length: ${length}\r\n${address ? `x-forwarded-for: ${address}\r\n` : ''}\r\n`,
  );
  return { socket, closed, answer: () => answer };
}

describe('anonymous routes', () => {
  it('answer 413 to a 1 MB body on every public route, in the table’s words', async () => {
    for (const url of anonymousPosts) {
      const response = await context.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: bodyOf(1000 * 1000),
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json()).toMatchObject({ error: 'RequestBodyTooLarge' });
    }
  });

  it('answer 413 to a portal sign-in announcing nearly 1 MB before a byte of it arrives', async () => {
    const base = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    const client = await headersOnly(Number(port), '/api/portal/auth/login', 1000 * 1000);
    await client.closed;
    expect(client.answer()).toMatch(/^HTTP\/1\.1 413/);
    expect(client.answer()).toContain('RequestBodyTooLarge');
  });

  it('refuse an address over its sign-in limit with 429 before reading its body', async () => {
    const address = freshAddress();
    const signIn = (payload: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/portal/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: address,
      });
    // The address's failed sign-ins, up to its limit.
    const { key, limit } = memberLoginAddressLimit(address);
    for (let attempt = 0; attempt < limit; attempt += 1)
      await context.app.rateLimiter.hit(key, loginLimits.windowSeconds);
    // Not even read: a body that is not JSON would answer 400 once parsed.
    const throttled = await signIn('{ não é json');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ error: 'TooManyRequests' });
    // Another address is not affected.
    const other = await context.app.inject({
      method: 'POST',
      url: '/api/portal/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{ não é json',
      remoteAddress: freshAddress(),
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('bodies in flight on anonymous routes', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** A bare server with one anonymous route, given limits. */
  async function server(options: { bodyTimeoutMs?: number; bodiesPerAddress?: number }) {
    const app = Fastify({ forceCloseConnections: true, trustProxy: true });
    await app.register(anonymousRoutesPlugin, options);
    await app.register(async (scope) => {
      app.guardAnonymousRoutes(scope);
      scope.post('/sign-in', async () => ({ ok: true }));
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
    return Number(new URL(base).port);
  }

  it('drop a connection whose body does not arrive within the deadline', async () => {
    const port = await server({ bodyTimeoutMs: 200 });
    const client = await headersOnly(port, '/sign-in', 100);
    client.socket.write('{"cpf":');
    await client.closed;
    expect(client.answer()).toBe('');
  });

  it('refuse a further body from an address already sending its share, not the others', async () => {
    const port = await server({ bodiesPerAddress: 2, bodyTimeoutMs: 5_000 });
    const stalled = [
      await headersOnly(port, '/sign-in', 100, '10.1.1.1'),
      await headersOnly(port, '/sign-in', 100, '10.1.1.1'),
    ];
    // The server has both bodies in flight once a request of that address is refused.
    let refused = '';
    while (!refused.startsWith('HTTP/1.1 429')) {
      const next = await headersOnly(port, '/sign-in', 100, '10.1.1.1');
      await Promise.race([next.closed, new Promise((resolve) => setTimeout(resolve, 50))]);
      refused = next.answer();
      next.socket.destroy();
    }
    const answer = await fetch(`http://127.0.0.1:${port}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.1.2' },
      body: '{}',
    });
    expect(answer.status).toBe(200);
    for (const client of stalled) client.socket.destroy();
  });
});
