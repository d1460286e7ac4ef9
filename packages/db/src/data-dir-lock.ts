import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { privateDirectoryMode, privateFileMode, restrictNewFileModes } from './file-modes';

export class DataDirLockedError extends Error {
  constructor(readonly holderPid: number) {
    super('o servidor está usando este banco; pare-o ou use DATABASE_URL');
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps one process's database in a folder; a second process opening it would corrupt it.
 * The holder writes its pid to `DATA_DIR/.lock`; a lock whose process is gone is taken over.
 * Answers a release function.
 */
export function lockDataDir(dataDir: string): () => void {
  restrictNewFileModes();
  mkdirSync(dataDir, { recursive: true, mode: privateDirectoryMode });
  const lockPath = join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx', privateFileMode);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) rmSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(holder);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`não foi possível travar ${dataDir}`);
}
