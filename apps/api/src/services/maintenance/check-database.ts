import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';

export type CheckDatabaseOptions = {
  /** Where a failure is logged: the client is told only that the database is unavailable. */
  log: FastifyBaseLogger;
};

/** The database answers a query (the liveness check); DatabaseUnavailable otherwise. */
export async function checkDatabase(db: Database, options: CheckDatabaseOptions): Promise<void> {
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    options.log.error({ err: error }, 'database health check failed');
    throw new AppError('DatabaseUnavailable');
  }
}

/**
 * When the newest migration of `migrationsDir` was made (its journal's `when`, which the migrator
 * records as `created_at`): the version of the database this process was built for.
 */
export function latestMigrationOf(migrationsDir: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

export type CheckMigrationsOptions = CheckDatabaseOptions & {
  /** `latestMigrationOf` the process's migrations folder. */
  latestMigration: number;
};

/**
 * The database answers and holds every migration this process knows (readiness): in one query,
 * DatabaseUnavailable or MigrationsPending otherwise.
 */
export async function checkMigrations(
  db: Database,
  options: CheckMigrationsOptions,
): Promise<void> {
  let applied: number;
  try {
    const [row] = await queryRows<{ latest: string | null }>(
      db,
      sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    );
    applied = Number(row?.latest ?? 0);
  } catch (error) {
    options.log.error({ err: error }, 'database readiness check failed');
    throw new AppError('DatabaseUnavailable');
  }
  if (applied < options.latestMigration) throw new AppError('MigrationsPending');
}
