import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPortalPath } from '../src/plugins/spa';
import { build } from './helper';

/**
 * The SPA plugin's history fallback with the web build's two entries: the back office's
 * index.html and the members' portal's portal/index.html. Stand-in builds in temporary folders.
 */

function standInBuild({ withPortal }: { withPortal: boolean }) {
  const dir = mkdtempSync(join(tmpdir(), 'clube-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>backoffice</title>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  if (withPortal) {
    mkdirSync(join(dir, 'portal'));
    writeFileSync(join(dir, 'portal', 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(dir, 'portal', 'manifest.webmanifest'), '{"name":"Associados"}');
  }
  return dir;
}

const withPortalDir = standInBuild({ withPortal: true });
const withoutPortalDir = standInBuild({ withPortal: false });
const withPortal = build({ webDistDir: withPortalDir });
const withoutPortal = build({ webDistDir: withoutPortalDir });
afterAll(() => {
  rmSync(withPortalDir, { recursive: true, force: true });
  rmSync(withoutPortalDir, { recursive: true, force: true });
});

describe('history fallback with the members portal', () => {
  it.each(['/portal', '/portal/', '/portal/entrar', '/portal/espacos/123?dia=2026-11-28'])(
    '%s gets the portal index.html, never cached',
    async (url) => {
      const response = await withPortal.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>portal</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/', '/login', '/place/123', '/portalx', '/portal-antigo/x'])(
    '%s gets the back office index.html',
    async (url) => {
      const response = await withPortal.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>backoffice</title>');
    },
  );

  it('serves the portal files themselves (the web manifest) as files', async () => {
    const response = await withPortal.app.inject({
      method: 'GET',
      url: '/portal/manifest.webmanifest',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"name":"Associados"}');
  });

  it('keeps unknown API routes a JSON 404, even under a portal-looking path', async () => {
    const response = await withPortal.app.inject({ method: 'GET', url: '/api/portal/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it('falls back to the back office index.html when the portal was not built', async () => {
    const response = await withoutPortal.app.inject({ method: 'GET', url: '/portal/inicio' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>backoffice</title>');
  });

  it('tells portal paths apart by segment', () => {
    expect(isPortalPath('/portal')).toBe(true);
    expect(isPortalPath('/portal/reservas')).toBe(true);
    expect(isPortalPath('/portalx')).toBe(false);
    expect(isPortalPath('/')).toBe(false);
  });
});
