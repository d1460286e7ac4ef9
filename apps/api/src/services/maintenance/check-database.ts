import type { Database } from '@clube/db';
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
