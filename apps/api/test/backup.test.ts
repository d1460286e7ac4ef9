import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { companies, openDatabase, storedFiles } from '@clube/db';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  backupEmbeddedDatabase,
  restoreEmbeddedDatabase,
} from '../src/services/maintenance/backup-database';
import { createCompany } from '../src/services/companies/create-company';
import { temporaryDirectories } from './helper';

const directory = temporaryDirectories('backup')();
const { migrationsDir } = loadConfig({});

async function clubNames(databaseDir: string) {
  const database = await openDatabase({ driver: 'pglite', dataDir: databaseDir });
  try {
    return (await database.db.select({ name: companies.name }).from(companies)).map(
      (row) => row.name,
    );
  } finally {
    await database.close();
  }
}

/** A club, and an image file as an upload stores it: both live in the database. */
async function addClub(databaseDir: string, name: string) {
  const database = await openDatabase({ driver: 'pglite', dataDir: databaseDir });
  try {
    await database.migrate(migrationsDir);
    await createCompany(database.db, { name });
    const bytes = Buffer.from(`image of ${name}`);
    await database.db
      .insert(storedFiles)
      .values({ key: `${name}.webp`, contentType: 'image/webp', bytes, size: bytes.length });
  } finally {
    await database.close();
  }
}

async function storedImages(databaseDir: string) {
  const database = await openDatabase({ driver: 'pglite', dataDir: databaseDir });
  try {
    const rows = await database.db.select().from(storedFiles).orderBy(storedFiles.key);
    return rows.map((row) => [row.key, row.bytes.toString()]);
  } finally {
    await database.close();
  }
}

// File-backed PGlite opens take seconds each on a busy machine: room for several of them.
describe('embedded database backup and restore', { timeout: 180_000 }, () => {
  const databaseDir = join(directory, 'db');
  const file = join(directory, 'backup.tgz');

  it('round-trips: what was there at backup time comes back, later changes go', async () => {
    await addClub(databaseDir, 'Antes do backup');
    const backup = await backupEmbeddedDatabase(databaseDir, file);
    expect(backup.bytes).toBeGreaterThan(0);
    await addClub(databaseDir, 'Depois do backup');
    expect(await clubNames(databaseDir)).toEqual(['Antes do backup', 'Depois do backup']);

    const restored = await restoreEmbeddedDatabase(databaseDir, file, {
      force: true,
      migrationsDir,
    });
    expect(await clubNames(databaseDir)).toEqual(['Antes do backup']);
    // Uploaded images are rows of the database: the backup holds them, nothing to copy beside it.
    expect(await storedImages(databaseDir)).toEqual([
      ['Antes do backup.webp', 'image of Antes do backup'],
    ]);
    // The replaced database is kept aside, not deleted.
    expect(restored.previousKeptAt && existsSync(restored.previousKeptAt)).toBe(true);
  });

  it('refuses to overwrite an existing database without force', async () => {
    await expect(
      restoreEmbeddedDatabase(databaseDir, file, { force: false, migrationsDir }),
    ).rejects.toMatchObject({ key: 'EmbeddedDatabaseExists' });
  });

  it('puts the old database back when the backup is not a database', async () => {
    const bogus = join(directory, 'bogus.tgz');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bogus, 'not a backup');
    await expect(
      restoreEmbeddedDatabase(databaseDir, bogus, { force: true, migrationsDir }),
    ).rejects.toMatchObject({ key: 'BackupRestoreFailed' });
    expect(await clubNames(databaseDir)).toEqual(['Antes do backup']);
  });
});
