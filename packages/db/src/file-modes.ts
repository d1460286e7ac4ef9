import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the whole database (users, password hashes, the WAL), the uploads and the JWT
 * secret: nobody but the account running the server may read or change any of it.
 */
export const privateFileMode = 0o600;
export const privateDirectoryMode = 0o700;

/**
 * Makes everything this process creates from now on owner-only. PGlite writes its files from
 * inside this process through Emscripten's file system, which passes no mode we could choose; the
 * process umask is the one thing that reaches those files. Worker threads cannot change the umask
 * (Node throws there); they rely on the main thread having done it and on the explicit modes.
 */
export function restrictNewFileModes(): void {
  try {
    process.umask(0o077);
  } catch {
    // a worker thread: see above
  }
}

/**
 * chmod 0700 / 0600 of a folder and everything under it (symbolic links are not followed, so
 * nothing outside the folder is touched). Fixes what older versions, or PGlite's first
 * initialisation, left readable or writable by others. A folder that does not exist is left alone.
 */
export function makePrivateRecursively(path: string): void {
  let stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (stats.isSymbolicLink()) return;
  const mode = stats.isDirectory() ? privateDirectoryMode : privateFileMode;
  if ((stats.mode & 0o777) !== mode) chmodSync(path, mode);
  if (!stats.isDirectory()) return;
  for (const entry of readdirSync(path)) makePrivateRecursively(join(path, entry));
}
