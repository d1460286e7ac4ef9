import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Manifest, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { portalShellManifest } from './src/portal/service-worker/portal-shell';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * `npm run dev`: pages under /portal/ get the portal's index.html, as the API's SPA plugin does in
 * production (Vite's own fallback would answer the back office's).
 */
function portalHistoryFallback(): Plugin {
  return {
    name: 'portal-history-fallback',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        const isPortalPage =
          (path === '/portal' || path.startsWith('/portal/')) && !/\.[a-z0-9]+$/i.test(path);
        if (isPortalPage) request.url = '/portal/index.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    portalHistoryFallback(),
    // The portal's service worker (src/portal/service-worker/sw.ts → dist/portal/sw.js): the
    // page registers it itself after load (src/portal/lib/service-worker.ts), nothing is injected
    // into either entry, and the portal keeps its own web manifest (public/portal).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/portal/service-worker',
      filename: 'sw.ts',
      outDir: `${outDir}/portal`,
      scope: '/portal/',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell is listed from the whole build (the portal's files and /assets).
        globDirectory: outDir,
        globPatterns: [
          'portal/*.{html,png,svg,webmanifest}',
          'favicon.svg',
          'assets/*.{js,css,svg,png,woff2}',
        ],
        manifestTransforms: [
          (entries) => {
            const viteManifest = JSON.parse(
              readFileSync(`${outDir}/.vite/manifest.json`, 'utf8'),
            ) as Manifest;
            return { manifest: portalShellManifest(entries, viteManifest), warnings: [] };
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `npm run dev` runs the API on :3000; the SPA calls it through the same origin.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The manifest lets the web benchmark weigh each route's first load.
    manifest: true,
    // Two apps, two entries: the back office (index.html) and the members' portal
    // (portal/index.html → dist/portal/index.html). Neither entry imports the other's code.
    rollupOptions: {
      input: {
        backoffice: fileURLToPath(new URL('./index.html', import.meta.url)),
        portal: fileURLToPath(new URL('./portal/index.html', import.meta.url)),
      },
    },
  },
});
