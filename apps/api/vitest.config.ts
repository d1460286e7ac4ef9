import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that open no database (pure functions, the repository's files, a bare Fastify): the
 * embedded pass proves them, so CI's PostgreSQL pass (DATABASE_URL set) does not run them again.
 * A file that starts opening a database must leave this list.
 */
const databaseFree = [
  'src/**/*.test.ts',
  'test/admission-clubs.test.ts',
  'test/listen-backlog.test.ts',
  'test/admission-order.test.ts',
  'test/build-stamp.test.ts',
  'test/dependencies.test.ts',
  'test/docs-paths.test.ts',
  'test/repository.test.ts',
  'test/send-deadline.test.ts',
  'test/service-convention.test.ts',
];

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
      ...(process.env.DATABASE_URL ? databaseFree : []),
    ],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
