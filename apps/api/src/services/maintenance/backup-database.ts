import {
  chmodSync,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dumpPglite, openDatabase, privateFileMode } from '@clube/db';
import { AppError } from '../../lib/app-error';
import { backupThroughRunningServer } from '../../lib/backup-channel';

/**
 * A backup of the embedded database taken by the server running on DATA_DIR (it holds the
 * database; lib/backup-channel.ts), written to `file` whole or not at all. False when no server
 * answers.
 */
export async function backupFromRunningServer(dataDir: string, file: string) {
  const temporary = `${file}.partial`;
  rmSync(temporary, { force: true });
  try {
    if (!(await backupThroughRunningServer(dataDir, temporary))) return null;
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  chmodSync(temporary, privateFileMode);
  renameSync(temporary, file);
  return { file, bytes: statSync(file).size, whileRunning: true };
}

/**
 * Backups of the embedded database. PGlite writes a consistent tarball of its data directory
 * (taken through the database itself, not by copying files under a running server); the CLI holds
 * the DATA_DIR lock meanwhile, so no server writes at the same time. Uploaded images are rows of
 * the database (`stored_files`), so the backup holds them too.
 */
export async function backupEmbeddedDatabase(databaseDir: string, file: string) {
  if (!existsSync(databaseDir)) {
    throw new AppError('EmbeddedDatabaseMissing', { params: { directory: databaseDir } });
  }
  const database = await openDatabase({ driver: 'pglite', dataDir: databaseDir });
  try {
    const dump = await dumpPglite(database, 'gzip');
    const temporary = `${file}.partial`;
    // The backup is the whole database (password hashes included): owner-only, even when a
    // leftover partial file with wider modes is overwritten (writeFile keeps an existing mode).
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()), { mode: privateFileMode });
    chmodSync(temporary, privateFileMode);
    renameSync(temporary, file);
  } finally {
    await database.close();
  }
  return { file, bytes: statSync(file).size, whileRunning: false };
}

/**
 * Replaces the embedded database with a backup. An existing database is kept aside (renamed with
 * the date) and only with `force`; if the backup cannot be opened, the old database is put back.
 */
export async function restoreEmbeddedDatabase(
  databaseDir: string,
  file: string,
  options: { force: boolean; migrationsDir: string },
) {
  if (!existsSync(file)) throw new AppError('BackupFileNotFound', { params: { file } });
  let keptAside: string | undefined;
  if (existsSync(databaseDir)) {
    if (!options.force) {
      throw new AppError('EmbeddedDatabaseExists', { params: { directory: databaseDir } });
    }
    keptAside = `${databaseDir}.antes-do-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(databaseDir, keptAside);
  }
  try {
    const database = await openDatabase({
      driver: 'pglite',
      dataDir: databaseDir,
      loadDataDir: new Blob([readFileSync(file)]),
    });
    try {
      // A backup from an older version is brought up to date.
      await database.migrate(options.migrationsDir);
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(databaseDir, { recursive: true, force: true });
    if (keptAside) renameSync(keptAside, databaseDir);
    throw new AppError('BackupRestoreFailed', {
      params: { file, reason: (error as Error).message },
    });
  }
  return { file, databaseDir, previousKeptAt: keptAside ?? null };
}
