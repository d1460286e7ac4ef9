import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, queryRows, type DatabaseHandle } from '@clube/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createBookingScene } from '../factories';
import { testJwtSecret } from '../helper';
import { compareTables, migrationCount, olderMigrations, rowsByTable } from '../table-rows';
import { createEmptyPostgresDatabase } from './postgres-database';

/**
 * deploy/backup.sh and deploy/restore.sh on PostgreSQL while the club books: the backup taken in
 * the middle of a booking load restores into a fresh database holding every row committed
 * before it began, in every table. Collected only when DATABASE_URL is set (vitest.config.ts).
 */
const deployDirectory = fileURLToPath(new URL('../../../../deploy/', import.meta.url));
const run = (script: string, args: string[], env: Record<string, string>) =>
  execFileSync('bash', [join(deployDirectory, script), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  }).trim();

describe('backups of PostgreSQL while the club runs', () => {
  const drops: (() => Promise<void>)[] = [];
  let source: { url: string; database: DatabaseHandle; app: App };
  let backups: string;
  beforeAll(async () => {
    const { url, drop } = await createEmptyPostgresDatabase();
    drops.push(drop);
    const database = await openDatabase({ driver: 'postgres', url, poolSize: 5 });
    await database.migrate(loadConfig({}).migrationsDir);
    const app = await buildApp({ config: loadConfig({}), database, jwtSecret: testJwtSecret });
    await app.ready();
    source = { url, database, app };
    backups = mkdtempSync(join(tmpdir(), 'clube-backups-'));
  }, 120_000);
  afterAll(async () => {
    await source?.app.close();
    await source?.database.close();
    for (const drop of drops) await drop();
    rmSync(backups, { recursive: true, force: true });
  });

  it('restores into a fresh database every row committed before the backup began', async () => {
    const { app } = source;
    const scene = await createBookingScene(app);
    let booking = true;
    let made = 0;
    const load = (async () => {
      for (let index = 0; booking && index < 400; index += 1) {
        const day = scene.day(1 + Math.floor(index / 12));
        const time = `${String(8 + (index % 12)).padStart(2, '0')}:00`;
        const response = await app.inject({
          method: 'POST',
          url: '/api/backoffice/appointment',
          headers: scene.headers,
          payload: scene.bodyFor(day, time),
        });
        expect(response.statusCode).toBe(201);
        made += 1;
      }
    })();
    while (made < 10) await new Promise((resolve) => setTimeout(resolve, 10));

    const before = await rowsByTable(source.database.db);
    const file = run('backup.sh', [backups], { DATABASE_URL: source.url });
    const madeDuringBackup = made;
    booking = false;
    await load;
    expect(madeDuringBackup).toBeGreaterThan(10); // the club kept booking meanwhile
    const committed = await rowsByTable(source.database.db);

    const target = await createEmptyPostgresDatabase();
    drops.push(target.drop);
    run('restore.sh', [file], { TARGET_URL: target.url });
    const restored = await openDatabase({ driver: 'postgres', url: target.url, poolSize: 2 });
    try {
      const after = await rowsByTable(restored.db);
      expect([...after.keys()]).toEqual([...before.keys()]);
      // Every row committed before the backup began, and none that was never committed.
      for (const difference of compareTables(before, after, committed))
        expect(difference).toEqual({ table: difference.table, missing: 0, unknown: 0 });
      // The restored database is one the server migrates and books in.
      expect(await restored.migrate(loadConfig({}).migrationsDir)).toEqual({ fresh: false });
    } finally {
      await restored.close();
    }
  }, 120_000);

  it("restores an older version's backup, which the server's start migrates forward", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'clube-older-'));
    const older = await createEmptyPostgresDatabase();
    drops.push(older.drop);
    const all = migrationCount(loadConfig({}).migrationsDir);
    const database = await openDatabase({ driver: 'postgres', url: older.url, poolSize: 1 });
    try {
      await database.migrate(olderMigrations(loadConfig({}).migrationsDir, folder, all - 3));
      await database.db.execute(sql`insert into companies (name) values ('Clube Antigo')`);
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
    const file = run('backup.sh', [backups], { DATABASE_URL: older.url });

    const target = await createEmptyPostgresDatabase();
    drops.push(target.drop);
    run('restore.sh', [file], { TARGET_URL: target.url });
    const restored = await openDatabase({ driver: 'postgres', url: target.url, poolSize: 1 });
    try {
      // What every API process does at its start (one migrates, the others wait).
      expect(await restored.migrate(loadConfig({}).migrationsDir)).toEqual({ fresh: false });
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
  }, 120_000);

  it('keeps the newest BACKUP_KEEP backups', () => {
    const directory = mkdtempSync(join(tmpdir(), 'clube-rotation-'));
    try {
      for (const stamp of ['20260101T000000Z', '20260102T000000Z', '20260103T000000Z'])
        writeFileSync(join(directory, `clube-${stamp}.dump`), 'old');
      const file = run('backup.sh', [directory], { DATABASE_URL: source.url, BACKUP_KEEP: '2' });
      expect(readdirSync(directory).sort()).toEqual(
        ['clube-20260103T000000Z.dump', file.split('/').at(-1)!].sort(),
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
