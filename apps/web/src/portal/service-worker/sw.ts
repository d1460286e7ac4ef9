/// <reference lib="webworker" />
/**
 * The portal's service worker (scope /portal/), built by vite-plugin-pwa into dist/portal/sw.js.
 * It keeps the portal's shell — its HTML, scripts, styles and icons, listed at build time — so the
 * installed app opens without network (and says "Sem conexão") — and the uploaded images it shows
 * (the club's logo, the places' photos), which are public and never change. No other /api answer
 * passes through a cache here (the member's bookings are kept by the page itself, for that member
 * only: lib/offline-bookings.ts). It also shows the club's pushes and opens the portal page a tap
 * on one names.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  imageCacheLimit,
  imageCacheName,
  isKeptImage,
  notificationTarget,
  pushNotification,
  shellUrl,
} from './sw-logic';

declare const self: ServiceWorkerGlobalScope;

// The shell, as the build listed it (never a URL under /api: see vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A portal page asks the network first (a deploy shows at once); without network, the shell.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache(shellUrl)) ?? Response.error();
      }
    },
    { allowlist: [/^\/portal(\/|$)/] },
  ),
);

// An uploaded image: the kept copy first (its content never changes), else the network, kept.
registerRoute(
  ({ url, request }) => isKeptImage(url, request.destination, self.location.origin),
  async ({ request }) => {
    const cache = await caches.open(imageCacheName);
    const kept = await cache.match(request);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      const keys = await cache.keys();
      await Promise.all(
        keys.slice(0, Math.max(0, keys.length - imageCacheLimit)).map((key) => cache.delete(key)),
      );
    }
    return response;
  },
);

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const { title, options } = pushNotification(event.data?.text());
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const portal = windows.find((client) => new URL(client.url).pathname.startsWith('/portal'));
      if (portal) {
        await portal.focus();
        await portal.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
