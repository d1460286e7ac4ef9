import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openDatabase, type Database, type DatabaseHandle } from '@clube/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { assertErrorBodyFollowsTable } from './error-table-guard';
import { loadConfig, type Config } from '../src/config';

export const testJwtSecret = 'test-secret-test-secret-test-secret-0123456789';

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  close: () => Promise<void>;
};

/**
 * A fresh, migrated database for one test file: PGlite by default, or a new PostgreSQL database
 * (created here and dropped on close) when DATABASE_URL is set. `migrated: false` leaves it
 * empty, for tests that apply migrations themselves.
 */
export async function createTestDatabase({
  migrated = true,
}: { migrated?: boolean } = {}): Promise<{
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
  if (!url) {
    const template = readFileSync(inject('pgliteTemplate'));
    const database = await openDatabase({
      driver: 'pglite',
      dataDir: 'memory://',
      loadDataDir: new Blob([template]),
    });
    return { database, drop: async () => {} };
  }
  const name = `clube_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const database = await openDatabase({
    driver: 'postgres',
    url: databaseUrl.toString(),
    poolSize: 20,
  });
  if (migrated) await database.migrate(loadConfig({}).migrationsDir);
  return {
    database,
    url: databaseUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/clube-test-data` }),
    ...overrides,
  };
  const app = await buildApp({ config, database, jwtSecret: testJwtSecret });
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
