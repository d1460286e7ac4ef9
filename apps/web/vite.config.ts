import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `npm run dev` runs the API on :3000; the SPA calls it through the same origin.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // The manifest lets the web benchmark weigh each route's first load.
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', manifest: true },
});
