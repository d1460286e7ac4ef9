import { openDatabase, type DatabaseHandle } from '@clube/db';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { runCrashScenario } from '../crash-load';
import { createEmptyPostgresDatabase } from './postgres-database';

// The kill -9 scenario of crash-safety.test.ts, on PostgreSQL (collected when DATABASE_URL is set).
describe('kill -9 during a booking load (PostgreSQL)', () => {
  let database: DatabaseHandle;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createEmptyPostgresDatabase());
    database = await openDatabase({ driver: 'postgres', url, poolSize: 5 });
    await database.migrate(loadConfig({}).migrationsDir);
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await drop();
  }, 120_000);

  it('keeps every booking answered 201, nothing half-written, and restarts cleanly', async () => {
    await runCrashScenario({
      env: { DATABASE_URL: url },
      withDatabase: (use) => use(database.db),
    });
  }, 300_000);
});
