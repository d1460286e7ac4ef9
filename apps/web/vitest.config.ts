import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const isolated = [
  'src/portal/app/portal-layout.test.ts',
  'src/app/routes/catch-all-route.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    /**
     * Most files share one worker process, its jsdom and its loaded modules (`isolate: false`):
     * a third of the time of isolating each. The files listed above test what the first load of
     * a module carries (the texts a lazy page brings), so each runs in a fresh process. A test that
     * ends on a page declares every request the page makes and waits for it to show.
     */
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...isolated],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-isolated', include: isolated, isolate: true } },
    ],
    restoreMocks: true,
    unstubGlobals: true,
    // Room for the Testing Library waits (src/testing/setup-tests.ts) on a busy machine.
    testTimeout: 30_000,
  },
});
