import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '@clube/db';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { serveEmbeddedBackups } from '../src/lib/backup-channel';
import { createBookingScene } from './factories';
import { temporaryDirectories, testJwtSecret } from './helper';
import { compareTables, rowsByTable } from './table-rows';

/**
 * What an operator types, `npm run cli -- backup FILE` then `npm run cli -- restore FILE` on a
 * fresh DATA_DIR, each a process of its own, while the server holding the embedded database
 * (here in this process, with the channel server.ts opens) takes bookings. PostgreSQL's
 * operator commands (deploy/backup.sh, restore.sh): with-postgres/backup-postgres.test.ts.
 */
const directory = temporaryDirectories('backup-cli');
const { migrationsDir } = loadConfig({});
const runFile = promisify(execFile);

/** `npm run cli -- …args` with DATA_DIR=`dataDir`; its JSON answer. */
async function cli(args: string[], dataDir: string) {
  const { stdout } = await runFile(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', ...args, '--json'],
    {
      cwd: join(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('the backup and restore commands while the server runs', { timeout: 300_000 }, () => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const handle of opened.reverse()) await handle.close();
  });

  it('back up a club under booking load; the restore holds every row committed before', async () => {
    const dataDir = directory();
    const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
    opened.push(database);
    await database.migrate(migrationsDir);
    const app: App = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir }),
      database,
      jwtSecret: testJwtSecret,
    });
    opened.push(app);
    const channel = await serveEmbeddedBackups(database, dataDir);
    expect(channel).not.toBeNull();
    opened.push(channel!);

    // A year of free hours ahead: the load never runs out of slots before the backup ends.
    const scene = await createBookingScene(app, { availableBookingDays: 365 });
    let booking = true;
    let made = 0;
    const load = (async () => {
      for (let index = 0; booking && index < 12 * 360; index += 1) {
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
    const madeBefore = made;
    const file = join(directory(), 'clube.tgz');
    const backup = await cli(['backup', file], dataDir);
    const madeDuringBackup = made - madeBefore;
    booking = false;
    await load;
    expect(backup).toMatchObject({ file, whileRunning: true });
    expect(madeDuringBackup).toBeGreaterThan(0); // the club kept booking meanwhile
    const after = await rowsByTable(database.db);

    const target = directory();
    expect(await cli(['restore', file], target)).toMatchObject({ file });
    const restored = await openDatabase({ driver: 'pglite', dataDir: join(target, 'db') });
    try {
      const rows = await rowsByTable(restored.db);
      expect([...rows.keys()]).toEqual([...before.keys()]);
      expect(before.get('appointments')!.size).toBeGreaterThanOrEqual(10);
      for (const difference of compareTables(before, rows, after))
        expect(difference).toEqual({ table: difference.table, missing: 0, unknown: 0 });
    } finally {
      await restored.close();
    }
  });
});
