/**
 * The API's test set-up, written once. A test file starts with
 *
 *   const context = build();
 *
 * which builds the app on a fresh migrated database before the file's tests (beforeAll) and
 * closes both after them (afterAll). Inside tests and hooks: `context.app` (app.inject),
 * `context.db` (Drizzle), `context.config`, `context.database`. `build({ webDistDir })` overrides
 * the config, `build({}, { logger })` sets the logger. Rows and signed-in headers come from
 * ./factories.ts (createClubWithBearer, createPlace, createAssociate, createAppointment,
 * createBookingScene, createPortalScene, bearerFor, memberHeaders…).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, openDatabase, type Database, type DatabaseHandle } from '@clube/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { assertErrorBodyFollowsTable } from './error-table-guard';
import { loadConfig, type Config } from '../src/config';
import { openRecycledPglite } from './recycled-pglite';

export const testJwtSecret = 'test-secret-test-secret-test-secret-0123456789';

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  close: () => Promise<void>;
};

/**
 * A fresh, migrated database for one test file: PGlite by default (./recycled-pglite.ts), or a
 * new PostgreSQL database (created here and dropped on close) when DATABASE_URL is set. Close it,
 * then drop it. `migrated: false` leaves it empty, for tests that apply migrations themselves.
 */
export async function createTestDatabase({
  migrated = true,
  poolSize = 20,
}: {
  migrated?: boolean;
  /** PostgreSQL connections of the pool (the tests' 20 unless a test measures the default). */
  poolSize?: number;
} = {}): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
  /** The PostgreSQL database's URL, for a second connection to it (none on PGlite). */
  url?: string;
}> {
  const url = process.env.DATABASE_URL;
  if (!url && !migrated) {
    const database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
    return { database, drop: async () => {} };
  }
  // A migrated embedded database: one an earlier file of this process emptied, or a new one.
  if (!url) return openRecycledPglite(readPgliteTemplate);
  // A migrated database is a copy of the run's template (see ./global-setup.ts).
  const template = migrated ? inject('postgresTemplate') : undefined;
  const scratch = await createScratchDatabase(
    url,
    process.env.TEST_DATABASE_PREFIX ?? 'clube_test',
    { template },
  );
  const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize });
  if (migrated && !template) await database.migrate(loadConfig({}).migrationsDir);
  return { database, url: scratch.url, drop: scratch.drop };
}

/** The run's migrated embedded database, as the dump each new one loads (./global-setup.ts). */
export function readPgliteTemplate(): Buffer {
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('no embedded template in a run on DATABASE_URL');
  return readFileSync(template);
}

/**
 * A fresh, migrated database for the tests of one file without an app: opened before them
 * (beforeAll), closed and dropped after them (afterAll). Read `.database` inside tests and hooks.
 */
export function useTestDatabase(): { readonly database: DatabaseHandle } {
  let created: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    created = await createTestDatabase();
  });
  afterAll(async () => {
    await created?.database.close();
    await created?.drop();
  });
  return {
    get database() {
      if (!created) throw new Error('the test database is opened in beforeAll');
      return created.database;
    },
  };
}

/** An app on a fresh database, for a test that opens and closes it itself (prefer `build`). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  {
    poolSize,
    ...options
  }: Pick<BuildAppOptions, 'logger' | 'runJobs'> & { poolSize?: number } = {},
): Promise<TestContext> {
  const { database, drop } = await createTestDatabase({ poolSize });
  const config: Config = {
    ...loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/clube-test-data` }),
    ...overrides,
  };
  const app = await buildApp({ ...options, config, database, jwtSecret: testJwtSecret });
  await app.ready();
  guardErrorBodies(app);
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export type BuiltApp = Omit<TestContext, 'close'> & { db: Database };

/**
 * The app of one test file: built before its tests, closed after them (see the top of this file).
 * Its fields are read inside tests and hooks, once the app is built.
 */
export function build(
  overrides: Partial<Config> = {},
  options: Pick<BuildAppOptions, 'logger' | 'runJobs'> & {
    poolSize?: number;
  } = {},
): BuiltApp {
  let context: TestContext | undefined;
  beforeAll(async () => {
    context = await createTestApp(overrides, options);
  });
  afterAll(() => context?.close());
  const built = (): TestContext => {
    if (!context)
      throw new Error('the test app is built in beforeAll: use it inside a test or hook');
    return context;
  };
  return {
    get app() {
      return built().app;
    },
    get database() {
      return built().database;
    },
    get db() {
      return built().database.db;
    },
    get config() {
      return built().config;
    },
  };
}

/**
 * Fresh directories under the system's temporary folder, named `clube-<prefix>-…`: call it at the
 * top of a file (or of a describe block) and call the function it returns, in tests or at the top,
 * for each directory needed. All are removed after the file's (or the block's) tests.
 */
export function temporaryDirectories(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const directory of made) rmSync(directory, { recursive: true, force: true });
  });
  return () => {
    const directory = mkdtempSync(join(tmpdir(), `clube-${prefix}-`));
    made.push(directory);
    return directory;
  };
}

/**
 * Runs `body` while every `operation` on `table` fails inside the database (a trigger raising an
 * error), then removes the trigger: how a test makes one statement of a transaction fail.
 */
export async function withFailingTrigger(
  db: Database,
  table: string,
  operation: 'INSERT' | 'UPDATE' | 'DELETE',
  body: () => Promise<void>,
) {
  await db.execute(
    sql.raw(`create function fail_for_test() returns trigger language plpgsql as $$
      begin raise exception 'failure injected by the test'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger fail_for_test before ${operation} on ${table}
      for each row execute function fail_for_test()`),
  );
  try {
    await body();
  } finally {
    await db.execute(sql.raw(`drop trigger fail_for_test on ${table}`));
    await db.execute(sql.raw('drop function fail_for_test()'));
  }
}

/** Every answer of `app.inject` is checked against the shared error table before a test sees it. */
function guardErrorBodies(app: App): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<Response>;
  const guarded = async (options: InjectOptions | string) => {
    const response = await inject(options);
    assertErrorBodyFollowsTable(response);
    return response;
  };
  app.inject = guarded as unknown as typeof app.inject;
}
