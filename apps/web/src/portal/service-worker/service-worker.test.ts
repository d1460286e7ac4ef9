import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { portalShellFiles, portalShellManifest } from './portal-shell';
import { isKeptImage, notificationTarget, pushNotification } from './sw-logic';

/** A build of both entries: the portal's (with a lazy page) and the back office's. */
const viteManifest: Manifest = {
  'portal/index.html': {
    file: 'assets/portal-a1.js',
    src: 'portal/index.html',
    isEntry: true,
    imports: ['_react-b2.js'],
    dynamicImports: ['src/portal/pages/home-page.tsx'],
    css: ['assets/portal-c3.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  'src/portal/pages/home-page.tsx': {
    file: 'assets/home-page-d4.js',
    imports: ['_react-b2.js'],
    isDynamicEntry: true,
  },
  'index.html': {
    file: 'assets/backoffice-e5.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b2.js'],
    dynamicImports: ['src/features/day-sheet.tsx'],
  },
  'src/features/day-sheet.tsx': { file: 'assets/day-sheet-f6.js', isDynamicEntry: true },
};

describe('the portal’s shell (what its service worker keeps)', () => {
  it('is the portal’s entry, its lazy pages, styles and shared chunks; no back-office chunk', () => {
    expect([...portalShellFiles(viteManifest)].sort()).toEqual([
      'assets/home-page-d4.js',
      'assets/portal-a1.js',
      'assets/portal-c3.css',
      'assets/react-b2.js',
    ]);
  });

  it('lists them as absolute URLs with the portal’s icons and page, never an /api answer', () => {
    const entry = (url: string) => ({ url, revision: null, size: 1 });
    const files = [
      'portal/index.html',
      'portal/icon-192.png',
      'portal/manifest.webmanifest',
      'index.html',
      'favicon.svg',
      'assets/portal-a1.js',
      'assets/portal-c3.css',
      'assets/react-b2.js',
      'assets/home-page-d4.js',
      'assets/backoffice-e5.js',
      'assets/day-sheet-f6.js',
      'api/portal/me',
    ];
    const urls = portalShellManifest(files.map(entry), viteManifest).map((item) => item.url);
    expect(urls.sort()).toEqual([
      '/assets/home-page-d4.js',
      '/assets/portal-a1.js',
      '/assets/portal-c3.css',
      '/assets/react-b2.js',
      '/favicon.svg',
      '/portal/icon-192.png',
      '/portal/index.html',
      '/portal/manifest.webmanifest',
    ]);
  });
});

describe('a push', () => {
  it('shows the club’s title and text, tagged by its message, and keeps the link', () => {
    const { title, options } = pushNotification(
      JSON.stringify({
        title: 'Reserva confirmada — Clube Náutico',
        body: 'Sua reserva está confirmada: Quadra A, 04/03/2030, 10:00–11:00.',
        url: 'https://reservas.clube.test/portal/reservas',
        tag: 'b7c1',
      }),
    );
    expect(title).toBe('Reserva confirmada — Clube Náutico');
    expect(options).toMatchObject({
      body: 'Sua reserva está confirmada: Quadra A, 04/03/2030, 10:00–11:00.',
      tag: 'b7c1',
      lang: 'pt-BR',
      data: { url: 'https://reservas.clube.test/portal/reservas' },
    });
  });

  it('still says something in Portuguese when the push carries no JSON', () => {
    expect(pushNotification(undefined)).toMatchObject({
      title: 'Clube Reservas',
      options: { body: 'Você tem um novo aviso do clube.' },
    });
    expect(pushNotification('texto simples').options.body).toBe('texto simples');
  });
});

describe('a tap on a notification', () => {
  const origin = 'https://reservas.clube.test';
  it('opens the portal page it names, on this server', () => {
    expect(notificationTarget({ url: `${origin}/portal/reservas` }, origin)).toBe(
      `${origin}/portal/reservas`,
    );
    // A PUBLIC_URL that differs from the address the app was installed from: same page here.
    expect(notificationTarget({ url: 'http://127.0.0.1:3000/portal/inicio' }, origin)).toBe(
      `${origin}/portal/inicio`,
    );
  });

  it('opens Avisos for a link outside the portal, or none', () => {
    expect(notificationTarget({ url: 'https://golpe.example/portal-falso' }, origin)).toBe(
      `${origin}/portal/avisos`,
    );
    expect(notificationTarget({ url: `${origin}/api/portal/me` }, origin)).toBe(
      `${origin}/portal/avisos`,
    );
    expect(notificationTarget(undefined, origin)).toBe(`${origin}/portal/avisos`);
  });
});

describe('the images the service worker keeps for offline use', () => {
  const origin = 'https://clube.example';
  const kept = (path: string, destination = 'image', at = origin) =>
    isKeptImage(new URL(path, at), destination, origin);

  it('keeps an uploaded image the page shows (the club’s logo, a place’s photo)', () => {
    expect(kept('/api/uploads/0b6d1f3e-7c1a-4f2b-9d3e-1a2b3c4d5e6f.webp')).toBe(true);
  });

  it('keeps no other answer of the API, no fetch that is not an image, nothing of another site', () => {
    expect(kept('/api/portal/bookings?scope=upcoming')).toBe(false);
    expect(kept('/api/portal/me', 'image')).toBe(false);
    expect(kept('/api/uploads/logo.webp', '')).toBe(false);
    expect(kept('/api/uploads/a/b.webp')).toBe(false);
    expect(kept('/api/uploads/logo.webp', 'image', 'https://elsewhere.example')).toBe(false);
  });
});
