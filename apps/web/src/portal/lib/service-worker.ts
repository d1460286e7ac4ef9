/** Where the build puts the portal's service worker (vite.config.ts) and what it controls. */
export const serviceWorkerUrl = '/portal/sw.js';

/**
 * Registers the portal's service worker once the page has loaded, so it takes nothing from the
 * first paint. Only in a build (the dev server has no service worker).
 */
export function registerPortalServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/portal/' }).catch(() => {
      // No service worker (private mode, an old browser): the portal works online as before.
    });
  });
}
