import { companies, queryRows } from '@clube/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readPgliteTemplate as template } from './helper';
import { openRecycledPglite, recycling } from './recycled-pglite';

const companyCount = async (db: Parameters<typeof queryRows>[0]) =>
  (await queryRows<{ count: number }>(db, sql`select count(*)::int as count from companies`))[0]
    ?.count;

describe("a test file's embedded database, handed to the next file", () => {
  it('comes back empty with its session as new, and is the same database', async () => {
    const first = await openRecycledPglite(template);
    await first.database.db.insert(companies).values({ name: 'Clube A' });
    await first.database.db.execute(sql.raw('create temporary table scratch (n int)'));
    await first.database.db.execute(sql.raw(`set statement_timeout to '5s'`));
    await first.database.db.execute(sql.raw('listen left_behind'));
    await first.database.db.execute(sql.raw('select pg_advisory_lock(42)'));
    const reusedBefore = recycling.reused;
    await first.drop();

    const second = await openRecycledPglite(template);
    try {
      expect(recycling.reused).toBe(reusedBefore + 1);
      const db = second.database.db;
      expect(await companyCount(db)).toBe(0);
      const [session] = await queryRows<Record<string, string | null>>(
        db,
        sql`select current_setting('statement_timeout') as timeout,
          current_setting('timezone') as timezone,
          to_regclass('pg_temp.scratch')::text as scratch,
          (select count(*)::text from pg_listening_channels()) as listening,
          (select count(*)::text from pg_locks where locktype = 'advisory') as locks`,
      );
      expect(session).toEqual({
        timeout: '0',
        timezone: 'UTC',
        scratch: null,
        listening: '0',
        locks: '0',
      });
    } finally {
      await second.drop();
    }
  });

  it('is closed instead when the file changed what emptying does not undo, and the next file gets a new one', async () => {
    const first = await openRecycledPglite(template);
    await first.database.db.execute(
      sql.raw(`create function left_behind() returns trigger language plpgsql as $$
        begin raise exception 'left behind'; end $$`),
    );
    await first.database.db.execute(
      sql.raw(`create trigger left_behind before insert on companies
        for each row execute function left_behind()`),
    );
    const discardedBefore = recycling.discarded;
    await first.drop();
    expect(recycling.discarded).toBe(discardedBefore + 1);

    const second = await openRecycledPglite(template);
    try {
      await second.database.db.insert(companies).values({ name: 'Clube B' });
      expect(await companyCount(second.database.db)).toBe(1);
    } finally {
      await second.drop();
    }
  });
});
