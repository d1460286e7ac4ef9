import { mkdirSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { makePrivateRecursively, privateDirectoryMode, restrictNewFileModes } from './file-modes';
import { pgliteThreadPool, startPgliteThread, type PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseDriver;
  /** Applies pending migrations; `fresh` tells whether the database had none before. */
  migrate: (migrationsFolder: string) => Promise<{ fresh: boolean }>;
  close: () => Promise<void>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any connection of any
   * process; answers the function that stops listening. PostgreSQL listens on one dedicated
   * connection (a pooled one would be handed to queries), reconnecting when it drops.
   */
  listen: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * The PostgreSQL pool's connections: open (busy or idle), idle, queries waiting for one, and
   * the most it opens. Undefined for the embedded database, which has one connection.
   */
  connections?: () => { open: number; idle: number; waiting: number; max: number };
  /** The embedded database only: a tarball of its data directory (dumpPglite). */
  dump?: (compression: 'none' | 'gzip') => Promise<Blob>;
};

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` is a folder, or `memory://` for a throw-away database (tests). */
  | {
      driver: 'pglite';
      dataDir: string;
      loadDataDir?: Blob;
      /** PostgreSQL's shared_buffers inside PGlite; the default keeps an idle server small. */
      sharedBuffersMb?: number;
    };

/**
 * PGlite's own default is PostgreSQL's 128 MB of shared buffers, all of it resident once touched.
 * One club's database is a few tens of MB and its files stay in the OS page cache anyway, so 32 MB
 * costs no speed and takes about 100 MB off the idle server.
 */
export const defaultPgliteSharedBuffersMb = 32;

/** The advisory-lock key (any fixed bigint) that serialises migrations between processes. */
export const migrationLockKey = '27985274112142697';

/** Rows of a raw `db.execute`, which both drivers answer as `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * The connection withConnection holds. `discard`: closed, not handed to the next request, once
 * `work` ends (a connection whose session state could not be cleaned up, e.g. a session lock
 * whose release failed: closing it releases it). On a connection withConnection lent, the hold of
 * that loan; without a pool it does nothing.
 */
export type HeldConnection = { discard: (reason: Error) => void };

/** The hold of each connection withConnection lent: work that asks again on it is told of it. */
const heldConnections = new WeakMap<Database, HeldConnection>();

/** A pooled connection's own database object, made once per connection (the pool reuses them). */
const onConnection = new WeakMap<pg.PoolClient, Database>();

/**
 * Runs `work` on one connection of the pool, held until it ends, for a request whose queries
 * follow one another (a booking's reads, then its transaction): it waits for a connection once
 * rather than once per query, which under a rush means once behind the queue of the whole club
 * instead of several times. Without a pool (the embedded database, or inside a transaction)
 * `work` runs on `db` itself. A connection that failed with anything but an application's refusal
 * is closed rather than handed to the next request.
 */
export async function withConnection<T>(
  db: Database,
  work: (connection: Database, held: HeldConnection) => Promise<T>,
): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return work(db, heldConnections.get(db) ?? { discard: () => {} });
  const client = await pool.connect();
  let connection = onConnection.get(client);
  if (!connection) {
    connection = drizzleNodePostgres(client, { schema }) as unknown as Database;
    onConnection.set(client, connection);
  }
  let discarded: Error | undefined;
  const held: HeldConnection = {
    discard: (reason) => {
      discarded = reason;
    },
  };
  heldConnections.set(connection, held);
  try {
    const result = await work(connection, held);
    client.release(discarded);
    return result;
  } catch (error) {
    client.release(discarded ?? (isDatabaseFailure(error) ? (error as Error) : undefined));
    throw error;
  }
}

/**
 * An error of the connection or the server rather than a refusal the application threw (those
 * carry an HTTP status): a server error outside the data classes (22: data, 23: constraints, 40:
 * transaction rollback), or any other error (a lost socket).
 */
function isDatabaseFailure(error: unknown): boolean {
  // The application's refusals carry the HTTP status they answer.
  if (!(error instanceof Error) || 'statusCode' in error) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return !/^(22|23|40)/.test(code);
  return true;
}

async function hasAppliedMigrations(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!row?.exists) return false;
  const [count] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return (count?.count ?? 0) > 0;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Every instant is exchanged in UTC; wall-clock decisions use the club's timezone in code.
      // JIT off: compiling took longer than the API's short statements run (reports included).
      options: '-c timezone=UTC -c jit=off',
    });
    return {
      ...handleOfPool(pool, 'postgres'),
      listen: (channel, handler) => listenOnPostgres(options.url, channel, handler),
      connections: () => ({
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: options.poolSize ?? 10,
      }),
      close: () => pool.end(),
    };
  }

  const onDisk = !options.dataDir.startsWith('memory://');
  if (onDisk) {
    // Before PGlite writes anything: the files it creates while running (WAL segments, new
    // relations) get owner-only modes only through the umask.
    restrictNewFileModes();
    mkdirSync(options.dataDir, { recursive: true, mode: privateDirectoryMode });
  }
  const thread = await startPgliteThread({
    dataDir: options.dataDir,
    sharedBuffersMb: options.sharedBuffersMb ?? defaultPgliteSharedBuffersMb,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // A new database's files are copied in by PGlite as 0666 whatever the umask, and a folder made
  // by an older version may still be world-readable: fix both once the folder is complete.
  if (onDisk) makePrivateRecursively(options.dataDir);
  const handle = handleOnPgliteThread(thread);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await thread.close();
    },
  };
}

/**
 * A handle on an embedded database already running on its thread. Closing it ends its connection
 * and its listeners and leaves the thread running: what the tests use to hand one migrated
 * database, emptied, from one test file to the next (`openDatabase` closes the thread too).
 */
export function handleOnPgliteThread(thread: PgliteThread): DatabaseHandle {
  const pool = pgliteThreadPool(thread);
  // The handlers this handle gave the thread, removed on close: the thread may outlive it.
  const handlers = new Set<() => void>();
  const onNotification: PgliteThread['onNotification'] = (handler) => {
    const remove = thread.onNotification(handler);
    const removeOnce = () => {
      handlers.delete(removeOnce);
      remove();
    };
    handlers.add(removeOnce);
    return removeOnce;
  };
  let closed = false;
  return {
    ...handleOfPool(pool, 'pglite'),
    listen: (channel, handler) => listenOnPglite(pool, onNotification, channel, handler),
    dump: (compression) => thread.dump(compression),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const remove of [...handlers]) remove();
      await pool.end();
    },
  };
}

/** The database, its driver and its migrations over a pool of `pg` connections. */
function handleOfPool(
  pool: pg.Pool,
  driver: DatabaseDriver,
): Pick<DatabaseHandle, 'db' | 'driver' | 'migrate'> {
  // An idle connection that PostgreSQL closes (restart, failover, pg_terminate_backend) is
  // reported here; the pool has already dropped it and opens a new one on the next query.
  // Without a listener the event would crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    driver,
    migrate: async (migrationsFolder) => {
      // Several API processes may start at once on a new database: one migrates while the
      // others wait on this lock, then find nothing left to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
        const lockedDb = drizzleNodePostgres(client, { schema }) as unknown as Database;
        const fresh = !(await hasAppliedMigrations(lockedDb));
        await migrateNodePostgres(lockedDb as never, { migrationsFolder });
        return { fresh };
      } finally {
        await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
        client.release();
      }
    },
  };
}

/**
 * LISTEN on the embedded database: its one session hears every notification, whichever
 * connection runs, and the worker hands them over (`onNotification`). LISTEN itself is run once
 * per channel, on the pool's connection.
 */
async function listenOnPglite(
  pool: pg.Pool,
  onNotification: PgliteThread['onNotification'],
  channel: string,
  handler: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!channelName.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const stop = onNotification((heard, payload) => {
    if (heard === channel) handler(payload);
  });
  await pool.query(`listen ${channel}`);
  return async () => {
    stop();
    await pool.query(`unlisten ${channel}`).catch(() => {});
  };
}

/** Channel names are identifiers; only ours are used, but never interpolate anything else. */
const channelName = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN on a dedicated connection. A dropped connection (restart, failover) is reopened after a
 * second, and again until it succeeds; notifications sent while it was down are lost, which is
 * why listeners treat them as hints to read again, never as the data itself.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handler: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!channelName.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const dropAndRetry = (client: pg.Client) => {
    if (stopped || current !== client) return;
    current = undefined;
    client.end().catch(() => {});
    retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    client.on('error', () => dropAndRetry(client));
    client.on('end', () => dropAndRetry(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      dropAndRetry(client);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

/** Dumps a PGlite database (used to clone a migrated template quickly in tests, and for backups). */
export async function dumpPglite(
  handle: DatabaseHandle,
  compression: 'none' | 'gzip' = 'none',
): Promise<Blob> {
  if (!handle.dump) throw new Error('only the embedded database is dumped');
  return handle.dump(compression);
}
