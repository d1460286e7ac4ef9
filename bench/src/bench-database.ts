import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createScratchDatabase, openDatabase } from '@clube/db';
import { fullSizes, generateLargeClub, scaledSizes, type LargeClub } from './generate-large-club';
import { clearBenchBookings } from './rush-database';
import { benchJwtSecret, openBenchDatabase, root } from './server';
import { databaseUrl, driver, log, scale, scenario, values } from './api-bench-options';

export type Prepared = {
  env: Record<string, string>;
  club: LargeClub;
  cleanup: () => Promise<void>;
};
const keptFile = join(tmpdir(), `clube-bench-kept-${driver}.json`);

/** Records what --reuse needs when the generated database is kept. */
function keep(prepared: Omit<Prepared, 'cleanup'>) {
  if (values['keep-data']) writeFileSync(keptFile, JSON.stringify(prepared));
}

async function reuseDatabase(): Promise<Prepared> {
  const kept = JSON.parse(readFileSync(keptFile, 'utf8')) as Omit<Prepared, 'cleanup'>;
  const database = await openBenchDatabase(kept.env);
  await clearBenchBookings(database.db, kept.club);
  // The last run's logins filled the throttle's counters: a new run would be refused (429).
  await database.db.execute(sql`delete from rate_limit_buckets`);
  await database.close();
  log(`Reutilizando ${kept.env.DATABASE_URL ?? kept.env.DATA_DIR} (reservas de bancada apagadas)`);
  return { ...kept, cleanup: async () => {} };
}

export async function prepareDatabase(): Promise<Prepared> {
  if (values.reuse) return reuseDatabase();
  const scaled = scale === 1 ? fullSizes : scaledSizes(scale);
  // The invitations measure the members: the club's years of bookings and blocks only make the
  // generation long (the smallest of each is kept).
  const sizes =
    scenario === 'invitations'
      ? {
          ...scaled,
          appointments: scaledSizes(0).appointments,
          blockedTimes: scaledSizes(0).blockedTimes,
        }
      : scaled;
  log(`Gerando clube grande (${driver}, escala ${scale}): ${JSON.stringify(sizes)}`);
  const started = performance.now();
  if (databaseUrl) {
    const { url, drop } = await createScratchDatabase(
      databaseUrl,
      // Several people benchmarking on one PostgreSQL server tell their databases apart by it.
      process.env.BENCH_DATABASE_PREFIX ?? 'clube_bench',
    );
    const database = await openDatabase({ driver: 'postgres', url, poolSize: 4 });
    await database.migrate(join(root, 'packages/db/drizzle'));
    const club = await generateLargeClub(database.db, sizes, log);
    await database.close();
    log(`Geração: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const env = { DATABASE_URL: url, JWT_SECRET: benchJwtSecret };
    keep({ env, club });
    return {
      env,
      club,
      cleanup: async () => {
        if (values['keep-data']) {
          log(`Banco mantido: ${url}`);
          return;
        }
        await drop();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'clube-bench-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
  await database.migrate(join(root, 'packages/db/drizzle'));
  const club = await generateLargeClub(database.db, sizes, log);
  await database.close();
  log(`Geração: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  keep({ env, club });
  return {
    env,
    club,
    cleanup: async () => {
      if (values['keep-data']) {
        log(`Dados mantidos em ${dataDir}`);
        return;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
