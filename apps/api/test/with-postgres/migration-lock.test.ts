import { migrationLockKey, openDatabase, queryRows, type DatabaseHandle } from '@clube/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createEmptyPostgresDatabase } from './postgres-database';

/**
 * Every API process migrates on start, and on an upgrade several start at once: one applies the
 * migrations while the others wait for it (an advisory lock), then find nothing left to do.
 * Collected only when DATABASE_URL is set (vitest.config.ts).
 */
const migrationsDir = loadConfig({}).migrationsDir;

describe('migrations with several processes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function emptyDatabase() {
    const { url, drop } = await createEmptyPostgresDatabase();
    cleanups.push(drop);
    const open = async () => {
      const handle: DatabaseHandle = await openDatabase({ driver: 'postgres', url, poolSize: 2 });
      cleanups.push(() => handle.close());
      return handle;
    };
    return { url, open };
  }

  it('waits while another process holds the migration lock, and migrates once it is released', async () => {
    const { url, open } = await emptyDatabase();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('select pg_advisory_lock($1)', [migrationLockKey]);

    const handle = await open();
    let finished = false;
    const migrating = handle.migrate(migrationsDir).then((result) => {
      finished = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(finished).toBe(false);
    const [before] = await queryRows<{ exists: boolean }>(
      handle.db,
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
    );
    expect(before?.exists).toBe(false);

    await other.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    await expect(migrating).resolves.toEqual({ fresh: true });
  });

  it('applies each migration once when three processes start at once on an empty database', async () => {
    const { open } = await emptyDatabase();
    const handles = await Promise.all([open(), open(), open()]);
    const results = await Promise.all(handles.map((handle) => handle.migrate(migrationsDir)));
    expect(results.filter((result) => result.fresh)).toHaveLength(1);
    const [applied] = await queryRows<{ count: number; distinct: number }>(
      handles[0]!.db,
      sql`select count(*)::int as count, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    expect(applied?.count).toBe(applied?.distinct);
    expect(applied?.count).toBeGreaterThan(0);
  });
});
