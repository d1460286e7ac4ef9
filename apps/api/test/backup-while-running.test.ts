import { join } from 'node:path';
import { openDatabase, queryRows, type DatabaseHandle } from '@clube/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { serveEmbeddedBackups } from '../src/lib/backup-channel';
import {
  backupEmbeddedDatabase,
  backupFromRunningServer,
  restoreEmbeddedDatabase,
} from '../src/services/maintenance/backup-database';
import { createBookingScene } from './factories';
import { temporaryDirectories, testJwtSecret } from './helper';
import { compareTables, migrationCount, olderMigrations, rowsByTable } from './table-rows';

/**
 * Backups of the embedded database while its server runs: the CLI's `backup` asks the server
 * holding DATA_DIR (lib/backup-channel.ts, the socket server.ts opens), and the backup restores
 * into a fresh database holding every row committed before it began and none never committed.
 * PostgreSQL's: with-postgres/backup-postgres.test.ts.
 */
const directory = temporaryDirectories('backup-running');
const { migrationsDir } = loadConfig({});

async function openEmbedded(dataDir: string) {
  const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
  await database.migrate(migrationsDir);
  return database;
}

describe('embedded database backups while the server runs', { timeout: 240_000 }, () => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const handle of opened.reverse()) await handle.close();
  });

  it('backs up a club under booking load and restores every row committed before', async () => {
    const dataDir = directory();
    const database = await openEmbedded(dataDir);
    opened.push(database);
    const app: App = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir }),
      database,
      jwtSecret: testJwtSecret,
    });
    opened.push(app);
    const channel = await serveEmbeddedBackups(database, dataDir);
    expect(channel).not.toBeNull();
    opened.push(channel!);

    const scene = await createBookingScene(app);
    let booking = true;
    let made = 0;
    const load = (async () => {
      for (let index = 0; booking && index < 400; index += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/backoffice/appointment',
          headers: scene.headers,
          payload: scene.bodyFor(
            scene.day(1 + Math.floor(index / 12)),
            `${String(8 + (index % 12)).padStart(2, '0')}:00`,
          ),
        });
        expect(response.statusCode).toBe(201);
        made += 1;
      }
    })();
    while (made < 10) await new Promise((resolve) => setTimeout(resolve, 10));

    const before = await rowsByTable(database.db);
    const file = join(directory(), 'clube.tgz');
    // What `npm run cli -- backup FILE` does when a server holds DATA_DIR.
    const backup = await backupFromRunningServer(dataDir, file);
    const madeDuringBackup = made;
    booking = false;
    await load;
    expect(backup).toMatchObject({ whileRunning: true });
    expect(madeDuringBackup).toBeGreaterThan(10); // the club kept booking meanwhile
    const after = await rowsByTable(database.db);

    const target = directory();
    await restoreEmbeddedDatabase(join(target, 'db'), file, { force: false, migrationsDir });
    const restored = await openEmbedded(target);
    try {
      const rows = await rowsByTable(restored.db);
      expect([...rows.keys()]).toEqual([...before.keys()]);
      for (const difference of compareTables(before, rows, after))
        expect(difference).toEqual({ table: difference.table, missing: 0, unknown: 0 });
    } finally {
      await restored.close();
    }
  });

  it('answers that no server runs when none holds DATA_DIR', async () => {
    expect(await backupFromRunningServer(directory(), join(directory(), 'none.tgz'))).toBeNull();
  });

  it("restores an older version's backup and migrates it forward", async () => {
    const all = migrationCount(migrationsDir);
    const older = olderMigrations(migrationsDir, directory(), all - 3);
    const source = directory();
    const database: DatabaseHandle = await openDatabase({
      driver: 'pglite',
      dataDir: join(source, 'db'),
    });
    try {
      await database.migrate(older);
      await database.db.execute(sql`insert into companies (name) values ('Clube Antigo')`);
    } finally {
      await database.close();
    }
    const file = join(directory(), 'older.tgz');
    await backupEmbeddedDatabase(join(source, 'db'), file);

    const target = directory();
    await restoreEmbeddedDatabase(join(target, 'db'), file, { force: false, migrationsDir });
    const restored = await openDatabase({ driver: 'pglite', dataDir: join(target, 'db') });
    try {
      const [applied] = await queryRows<{ count: number }>(
        restored.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied!.count).toBe(all);
      const names = await queryRows<{ name: string }>(restored.db, sql`select name from companies`);
      expect(names.map((row) => row.name)).toEqual(['Clube Antigo']);
    } finally {
      await restored.close();
    }
  });
});
