import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, storedFiles } from '@clube/db';
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveJwtSecret, resolveVapidKeys } from '../src/config';
import { createDatabaseFileStorage, generateStorageKey } from '../src/lib/storage/file-storage';
import { createCompany } from '../src/services/companies/create-company';
import { backupEmbeddedDatabase } from '../src/services/maintenance/backup-database';
import { temporaryDirectories } from './helper';

const directory = temporaryDirectories('modes')();
const { migrationsDir } = loadConfig({});

/** Every path under `root` (itself included) whose mode gives anything to group or others. */
function exposedPaths(root: string): string[] {
  const exposed: string[] = [];
  const visit = (path: string) => {
    const stats = statSync(path);
    if ((stats.mode & 0o077) !== 0) exposed.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(root);
  return exposed;
}

/**
 * Runs `work` under the usual umask (022), not the owner-only one an earlier open left on this
 * process: what it creates is owner-only because the code says so, not by luck.
 */
async function underUsualUmask<T>(work: () => Promise<T>): Promise<T> {
  const previous = process.umask(0o022);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

// File-backed PGlite opens take seconds each on a busy machine.
describe('files of the embedded database and backups', { timeout: 180_000 }, () => {
  const databaseDir = join(directory, 'db');

  it('leaves nothing under the data folder readable or writable by others', async () => {
    // A folder as an older version left it: world-readable, with a world-writable file.
    mkdirSync(databaseDir, { mode: 0o755 });
    chmodSync(databaseDir, 0o755);
    writeFileSync(join(databaseDir, 'left-by-an-old-version'), 'x', { mode: 0o666 });
    chmodSync(join(databaseDir, 'left-by-an-old-version'), 0o666);

    const database = await openDatabase({ driver: 'pglite', dataDir: databaseDir });
    try {
      await database.migrate(migrationsDir);
      // Writes enough to create new relation files and WAL while the database runs.
      for (let index = 0; index < 20; index += 1) {
        await createCompany(database.db, { name: `Clube ${index}` });
      }
      await database.db.execute('checkpoint' as never);
      expect(exposedPaths(databaseDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(exposedPaths(databaseDir)).toEqual([]);
    expect(statSync(databaseDir).mode & 0o777).toBe(0o700);
  });

  it('writes a backup only its owner can read, even over a leftover partial file', async () => {
    const file = join(directory, 'backup.tgz');
    writeFileSync(`${file}.partial`, 'old', { mode: 0o644 });
    chmodSync(`${file}.partial`, 0o644);
    await backupEmbeddedDatabase(databaseDir, file);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('stores uploads in an owner-only folder as owner-only files', async () => {
    // Uploads are rows of the database (stored_files): their bytes live in the database's folder.
    const dataDir = join(directory, 'uploads-data');
    const databaseDir = join(dataDir, 'db');
    const key = generateStorageKey('full', 'webp');
    const bytes = Buffer.from('uma foto do espaço');
    await underUsualUmask(async () => {
      const database = await openDatabase({ driver: 'pglite', dataDir: databaseDir });
      try {
        await database.migrate(migrationsDir);
        await createDatabaseFileStorage(database.db).put(key, bytes);
        await database.db.execute('checkpoint' as never);
        expect(await createDatabaseFileStorage(database.db).get(key)).toEqual(bytes);
        const [row] = await database.db.select().from(storedFiles);
        expect(row).toMatchObject({ key, size: bytes.length });
        expect(exposedPaths(databaseDir)).toEqual([]);
      } finally {
        await database.close();
      }
    });
    expect(exposedPaths(databaseDir)).toEqual([]);
    expect(statSync(databaseDir).mode & 0o777).toBe(0o700);
    // Nothing of the upload was written anywhere else under the data folder.
    expect(readdirSync(dataDir)).toEqual(['db']);
  });
});

describe('the generated JWT secret', () => {
  it('is written owner-only (0600) in an owner-only data folder, and read back on the next start', async () => {
    const dataDir = join(directory, 'secret-data');
    const config = { ...loadConfig({ DATA_DIR: dataDir }), jwtSecret: undefined };
    const secret = await underUsualUmask(async () => resolveJwtSecret(config));
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toString(8)).toBe('600');
    expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    expect(resolveJwtSecret(config)).toBe(secret);
  });
});

describe('the generated Web Push (VAPID) keys', () => {
  it('are written owner-only in DATA_DIR once, and read back on the next start', async () => {
    const dataDir = join(directory, 'vapid-data');
    const config = loadConfig({ DATA_DIR: dataDir });
    const keys = await underUsualUmask(async () => resolveVapidKeys(config));
    expect(keys?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((statSync(join(dataDir, 'vapid-keys.json')).mode & 0o777).toString(8)).toBe('600');
    expect(resolveVapidKeys(config)).toEqual(keys);
  });
});
