import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'test/*.test.ts',
      // Tests that need a Redis server run where one is configured (CI's PostgreSQL pass).
      ...(process.env.REDIS_URL ? ['test/with-redis/*.test.ts'] : []),
      // Several API processes against one PostgreSQL server (CI's PostgreSQL pass).
      ...(process.env.DATABASE_URL ? ['test/with-postgres/*.test.ts'] : []),
    ],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
