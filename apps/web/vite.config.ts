import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), tailwindcss(), portalHistoryFallback()],
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
