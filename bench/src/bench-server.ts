// What the benchmarks share: a database holding a generated club, and the built server started
// against it (it answers once /api/health does).
import { spawn, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, openDatabase } from '@clube/db';
import { generateLargeClub, type LargeClub, type LargeClubSizes } from './generate-large-club';

export const root = new URL('../../', import.meta.url).pathname;
export const databaseUrl = process.env.DATABASE_URL;
export const driver = databaseUrl ? 'postgres' : 'pglite';
export const benchJwtSecret = 'benchmark-secret-benchmark-secret-0123456789';

export type BenchDatabase = {
  /** What the server needs to open it (DATABASE_URL, or DATA_DIR on PGlite). */
  env: Record<string, string>;
  club: LargeClub;
  /** The database's URL or data folder, to name in a log line. */
  location: string;
  drop: () => Promise<void>;
};

/**
 * A fresh database holding a generated club: a new PostgreSQL database next to DATABASE_URL
 * (dropped by `drop`), or a PGlite data folder in the temporary directory (removed by `drop`).
 */
export async function createBenchDatabase(
  name: string,
  sizes: LargeClubSizes,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, `clube_${name}`);
    const handle = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 4 });
    await handle.migrate(join(root, 'packages/db/drizzle'));
    const club = await generateLargeClub(handle.db, sizes, log);
    await handle.close();
    return {
      env: { DATABASE_URL: scratch.url, JWT_SECRET: benchJwtSecret },
      club,
      location: scratch.url,
      drop: scratch.drop,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `clube-${name}-`));
  const handle = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
  await handle.migrate(join(root, 'packages/db/drizzle'));
  const club = await generateLargeClub(handle.db, sizes, log);
  await handle.close();
  return {
    env: { DATA_DIR: dataDir, SEED_DEMO: 'false' },
    club,
    location: dataDir,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Starts the built server (apps/api/dist) on 127.0.0.1:`port` and waits until it answers. */
export async function startBuiltServer(
  env: Record<string, string>,
  port: number,
  stdio: StdioOptions = ['ignore', 'ignore', 'inherit'],
) {
  const started = performance.now();
  const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio,
  });
  for (;;) {
    if (server.exitCode !== null) throw new Error('o servidor terminou ao iniciar');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { server, startupMs: performance.now() - started };
}
