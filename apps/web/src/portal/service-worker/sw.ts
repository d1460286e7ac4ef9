/// <reference lib="webworker" />
/**
 * The portal's service worker (scope /portal/), built by vite-plugin-pwa into dist/portal/sw.js.
 * It keeps the portal's shell — its HTML, scripts, styles and icons, listed at build time — so the
 * installed app opens without network (and says "Sem conexão"). It caches nothing else: /api
 * answers (a member's data) never pass through a cache here. It also shows the club's pushes and
 * opens the portal page a tap on one names.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { shellUrl, notificationTarget, pushNotification } from './sw-logic';

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
