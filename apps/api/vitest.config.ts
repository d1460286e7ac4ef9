import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      // The route tests mirror the routes' folders (test/backoffice/…, test/portal/…).
      'test/**/*.test.ts',
    ],
    exclude: [
      ...configDefaults.exclude,
      // Tests that need a Redis server run where one is configured (CI's PostgreSQL pass).
      ...(process.env.REDIS_URL ? [] : ['test/with-redis/**']),
      // Several API processes against one PostgreSQL server (CI's PostgreSQL pass).
      ...(process.env.DATABASE_URL ? [] : ['test/with-postgres/**']),
    ],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
