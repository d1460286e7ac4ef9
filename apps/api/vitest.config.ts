import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that the PostgreSQL pass would only run again as they are, or that test the embedded
 * database itself: they open no database (pure functions, the repository's files, a bare
 * Fastify), an embedded one of their own (its data directory, backups, crashes of a server on
 * it), or test what the embedded database does (its thread under a flood, the emptied databases
 * handed between files). The embedded pass proves them, so CI's PostgreSQL pass (DATABASE_URL
 * set) does not run them. A file whose tests are meant for both databases must not be listed.
 */
const independentOfDatabaseUrl = [
  'src/**/*.test.ts',
  'test/backup.test.ts',
  'test/backup-cli.test.ts',
  'test/backup-while-running.test.ts',
  'test/club-flood.test.ts',
  'test/config.test.ts',
  'test/crash-safety.test.ts',
  'test/file-modes.test.ts',
  'test/outbox-crash.test.ts',
  'test/recycled-pglite.test.ts',
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

/**
 * Test files that replace a module of the app (`vi.mock`): they need a module graph of their own,
 * so they run isolated. Found by reading the files, so a new one is never forgotten.
 */
const mockingModules = ['src', 'test'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(folder, file))
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock(')),
);

const exclude = [
  ...configDefaults.exclude,
  // Tests that need a Redis server run where one is configured (CI's PostgreSQL pass).
  ...(process.env.REDIS_URL ? [] : ['test/with-redis/**']),
  // Several API processes against one PostgreSQL server (CI's PostgreSQL pass).
  ...(process.env.DATABASE_URL ? [] : ['test/with-postgres/**']),
  ...(process.env.DATABASE_URL ? independentOfDatabaseUrl : []),
];

/**
 * Two projects of one run. Most files share one worker process and its loaded modules
 * (`isolate: false`): each still builds its own app on its own database, and importing the app
 * once instead of once per file saves about a third of the suite's time. The files that mock a
 * module run isolated, each in a fresh process.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: [
            'src/**/*.test.ts',
            // The route tests mirror the routes' folders (test/backoffice/…, test/portal/…).
            'test/**/*.test.ts',
          ],
          exclude: [...exclude, ...mockingModules],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'api-mocks', include: mockingModules, exclude, isolate: true },
      },
    ],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
