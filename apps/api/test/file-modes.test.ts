import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@clube/db';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
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
});
