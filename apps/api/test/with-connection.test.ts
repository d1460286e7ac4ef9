import { queryRows, withConnection, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { useTestDatabase } from './helper';

const database = useTestDatabase();

/** The server process behind the query's connection. */
const backendOf = async (db: Database) =>
  (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]!.pid;

describe('withConnection', () => {
  it('runs every query of the work on one connection, a transaction included', async () => {
    const { db } = database.database;
    let others: Promise<unknown> | undefined;
    const backends = await withConnection(db, async (connection) => {
      const first = await backendOf(connection);
      // Other requests take the pool's free connections meanwhile: a connection handed back
      // between two queries of the work would go to one of them. (The embedded database's pool
      // has one connection: they wait for the work to end.)
      others = Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select pg_sleep(0.2)`)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await backendOf(connection);
      const inTransaction = await connection.transaction((tx) => backendOf(tx));
      return [first, second, inTransaction];
    });
    await others;
    expect(new Set(backends).size).toBe(1);
  });

  it('hands the connection back after an application refusal, and answers the refusal', async () => {
    const { db } = database.database;
    let held: number | undefined;
    await expect(
      withConnection(db, async (connection) => {
        held = await backendOf(connection);
        throw new AppError('PlaceNotFound');
      }),
    ).rejects.toMatchObject({ key: 'PlaceNotFound' });
    // The pool has the connection again: the next work runs, on a connection that still answers.
    const next = await withConnection(db, (connection) => backendOf(connection));
    expect(typeof next).toBe('number');
    if (database.database.driver === 'postgres') {
      const pool = (db as unknown as { $client: { totalCount: number; idleCount: number } })
        .$client;
      expect(pool.idleCount).toBe(pool.totalCount);
      expect(held).toBeDefined();
    }
  });

  it('closes a connection whose server-side session failed instead of reusing it', async () => {
    const { db } = database.database;
    // The embedded database has one session behind its one connection: the connection that failed
    // is closed, and what it left open in the session (a transaction, a table created in it)
    // is undone before the next connection runs anything.
    if (database.database.driver !== 'postgres') {
      await expect(
        withConnection(db, async (connection) => {
          await connection.execute(sql`begin`);
          await connection.execute(sql`create table left_open (n int)`);
          await connection.execute(sql`select from`);
        }),
      ).rejects.toBeDefined();
      const [after] = await queryRows<{ gone: boolean }>(
        db,
        sql`select to_regclass('left_open') is null as gone`,
      );
      expect(after!.gone).toBe(true);
      expect(await db.transaction((tx) => backendOf(tx))).toBe(await backendOf(db));
      return;
    }
    let failed: number | undefined;
    await expect(
      withConnection(db, async (connection) => {
        failed = await backendOf(connection);
        // A server error outside the data classes (42: a syntax error stands in for it).
        await connection.execute(sql`select from`);
      }),
    ).rejects.toBeDefined();
    const pool = (db as unknown as { $client: { totalCount: number } }).$client;
    const backends = await Promise.all(
      Array.from({ length: pool.totalCount + 1 }, () =>
        withConnection(db, (connection) => backendOf(connection)),
      ),
    );
    expect(failed).toBeDefined();
    expect(backends).not.toContain(failed);
  });

  it('closes a connection the work discards, even when asked for again on it', async () => {
    const { db } = database.database;
    if (database.database.driver !== 'postgres') {
      await expect(
        withConnection(db, async (connection, held) => {
          held.discard(new Error('session lock not released'));
          return backendOf(connection);
        }),
      ).resolves.toEqual(await backendOf(db));
      return;
    }
    let discarded: number | undefined;
    await withConnection(db, (connection) =>
      // A service that takes a connection on the one its caller lent (a booking's locks).
      withConnection(connection, async (same, held) => {
        discarded = await backendOf(same);
        held.discard(new Error('session lock not released'));
      }),
    );
    const pool = (db as unknown as { $client: { totalCount: number } }).$client;
    const backends = await Promise.all(
      Array.from({ length: pool.totalCount + 1 }, () =>
        withConnection(db, (connection) => backendOf(connection)),
      ),
    );
    expect(discarded).toBeDefined();
    expect(backends).not.toContain(discarded);
  });
});
