import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPortalScene, memberPassword } from './factories';
import { build, type BuiltApp } from './helper';

/**
 * Headers of the SPA and of the API, and CORS: closed by default, open only to the origins in
 * CORS_ORIGINS. The SPA is a stand-in build in a temporary folder, shaped as Vite emits it.
 */

const allowedOrigin = 'https://clube.example.com';
const webDistDir = mkdtempSync(join(tmpdir(), 'clube-web-'));
mkdirSync(join(webDistDir, 'assets'));
writeFileSync(
  join(webDistDir, 'index.html'),
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(webDistDir, 'assets', 'index-abc123.js'), 'console.log("app")');

const closed = build({ webDistDir });
const open = build({ webDistDir, corsOrigins: [allowedOrigin] });
afterAll(() => rmSync(webDistDir, { recursive: true, force: true }));

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(header: string | string[] | number | undefined) {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;
}

describe('headers of the SPA', () => {
  it.each(['/', '/places/123', '/assets/index-abc123.js'])(
    '%s: a CSP that runs only our own scripts, no sniffing, no framing',
    async (url) => {
      const response = await closed.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const csp = directivesOf(response.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      // No inline or eval'd script can run: an injected <script> or onclick does nothing.
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('serves index.html whose scripts all come from our own origin, as the CSP requires', async () => {
    const response = await closed.app.inject({ method: 'GET', url: '/' });
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/assets\//);
      expect(inline!.trim()).toBe('');
    }
  });
});

describe('CORS', () => {
  const preflight = (context: BuiltApp, origin: string) =>
    context.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('is closed by default: no origin is allowed, not even a plausible one', async () => {
    for (const origin of [allowedOrigin, 'https://evil.example.com']) {
      const response = await preflight(closed, origin);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const simple = await closed.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin },
      });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('opens only to the origins of CORS_ORIGINS, without credentials', async () => {
    const allowed = await preflight(open, allowedOrigin);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(allowedOrigin);
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();

    const other = await preflight(open, 'https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const lookalike = await preflight(open, `${allowedOrigin}.evil.example.com`);
    expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets an allowed origin send updates and deletions (PATCH, DELETE)', async () => {
    for (const method of ['PATCH', 'DELETE']) {
      const response = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/backoffice/place',
        headers: {
          origin: allowedOrigin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(allowedOrigin);
      const allowedMethods = String(response.headers['access-control-allow-methods'])
        .split(',')
        .map((allowed) => allowed.trim());
      expect(allowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']));
    }
  });
});

describe('caching of the API', () => {
  it('forbids storing any answer that carries people or tokens, errors included', async () => {
    const scene = await createPortalScene(closed.app);
    const staff = { authorization: scene.staffHeaders.authorization };
    const member = { authorization: scene.holderSession.headers.authorization };
    const responses = [
      await closed.app.inject({
        method: 'POST',
        url: '/api/portal/auth/login',
        payload: { cpf: scene.holder.cpf, password: memberPassword },
      }),
      await closed.app.inject({ method: 'GET', url: '/api/portal/me', headers: member }),
      await closed.app.inject({
        method: 'GET',
        url: `/api/backoffice/associate/id/${scene.holder.id}`,
        headers: staff,
      }),
      await closed.app.inject({ method: 'GET', url: '/api/backoffice/company', headers: {} }),
      await closed.app.inject({ method: 'GET', url: '/api/health' }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 401, 200]);
    for (const response of responses) expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leaves the SPA its own caching (the uploads keep theirs: place-images-upload.test.ts)', async () => {
    const page = await closed.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('compression', () => {
  it('compresses answers from 2 KB, and leaves smaller ones (a slot list) as they are', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const small = await closed.app.inject({ method: 'GET', url: '/api/health', headers: gzip });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    // Just under the threshold: a member's day of slots is about this size.
    const scene = await createPortalScene(closed.app);
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
    const slots = await closed.app.inject({
      method: 'GET',
      url: `/api/portal/places/${scene.place.id}/slots?date=${tomorrow}`,
      headers: { ...gzip, authorization: scene.holderSession.headers.authorization },
    });
    expect(slots.statusCode).toBe(200);
    expect(slots.rawPayload.length).toBeGreaterThan(1024);
    expect(slots.rawPayload.length).toBeLessThan(2048);
    expect(slots.headers['content-encoding']).toBeUndefined();
    const large = await closed.app.inject({ method: 'GET', url: '/api/docs/json', headers: gzip });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
  });
});
