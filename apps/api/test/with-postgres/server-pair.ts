import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '@clube/db';
import { addDaysToDate, clubToday } from '@clube/shared';
import { afterAll, beforeAll } from 'vitest';
import { createClubWithStaff, createOperatingHours, staffPassword } from '../factories';
import { loginThrough, startServer, type ServerProcess } from '../server-process';
import { createEmptyPostgresDatabase } from './postgres-database';

/**
 * Two API processes on one new PostgreSQL database, as two machines behind a load balancer would
 * run them: each has a DATA_DIR of its own (nothing may reach the other through the disk), both
 * share the JWT secret (one token works on either), and the test holds a connection of its own
 * to the database.
 */
export type ServerPair = {
  servers: [ServerProcess, ServerProcess];
  /** The two processes' base URLs. */
  urls: [string, string];
  database: DatabaseHandle;
  /** Stops both processes, closes the test's connection, drops the database and the DATA_DIRs. */
  stop: () => Promise<void>;
};

export type ServerPairOptions = {
  /**
   * `together`: both start at once on the empty database, so they also race to migrate it;
   * `in turn`: the first migrates it, the second finds it done.
   */
  start: 'together' | 'in turn';
  /** Each process's DATABASE_POOL_SIZE. */
  processPoolSize: number;
  /** The connections of the test's own pool. */
  testPoolSize: number;
  /** More environment for both processes (Redis, SMTP, PUBLIC_URL…). */
  env?: Record<string, string>;
};

export async function startServerPair(options: ServerPairOptions): Promise<ServerPair> {
  const { url, drop } = await createEmptyPostgresDatabase();
  const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'clube-server-pair-')));
  const servers: ServerProcess[] = [];
  const stopServers = () => Promise.all(servers.map((server) => server.stop()));
  const removeData = async () => {
    await drop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };
  const start = (dataDir: string) =>
    startServer({
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: String(options.processPoolSize),
      DATA_DIR: dataDir,
      ...options.env,
    });
  let database: DatabaseHandle;
  try {
    if (options.start === 'together') {
      const started = await Promise.allSettled(dataDirs.map(start));
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      const failure = started.find((result) => result.status === 'rejected');
      if (failure) throw (failure as PromiseRejectedResult).reason;
    } else {
      for (const dataDir of dataDirs) servers.push(await start(dataDir));
    }
    database = await openDatabase({ driver: 'postgres', url, poolSize: options.testPoolSize });
  } catch (error) {
    await stopServers();
    await removeData();
    throw error;
  }
  const [first, second] = servers as [ServerProcess, ServerProcess];
  return {
    servers: [first, second],
    urls: [first.url, second.url],
    database,
    stop: async () => {
      await stopServers();
      await database.close();
      await removeData();
    },
  };
}

/**
 * The pair of a file or of a describe block: started before its tests (beforeAll), stopped after
 * them (afterAll). Its fields are read inside tests and hooks, once the pair is started.
 */
export function useServerPair(options: ServerPairOptions): Omit<ServerPair, 'stop'> {
  let pair: ServerPair | undefined;
  beforeAll(async () => {
    pair = await startServerPair(options);
  }, 240_000);
  afterAll(() => pair?.stop(), 120_000);
  const started = () => {
    if (!pair) throw new Error('the server pair is started in beforeAll: use it inside a test');
    return pair;
  };
  return {
    get servers() {
      return started().servers;
    },
    get urls() {
      return started().urls;
    },
    get database() {
      return started().database;
    },
  };
}

/**
 * A club open every day from 06:00 to 22:00 on the pair's database, its staff signed in through
 * the first process (the token works on both), and a date three days on.
 */
export async function openClub(pair: Pick<ServerPair, 'urls' | 'database'>) {
  const db = pair.database.db;
  const { company, staff } = await createClubWithStaff(db);
  await createOperatingHours(db, company.id);
  const token = await loginThrough(pair.urls[0], staff.cpf, staffPassword);
  const date = addDaysToDate(clubToday(company.timezone), 3);
  return { db, company, staff, token, date };
}
