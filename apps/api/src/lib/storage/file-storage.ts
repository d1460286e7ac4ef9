import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { privateDirectoryMode, privateFileMode } from '@clube/db';

/**
 * Where uploaded files live. One small interface so an S3-compatible store can replace the local
 * folder later without touching the services that use it.
 */
export type FileStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  /** The file's bytes, or null when no file has that key. */
  get: (key: string) => Promise<Buffer | null>;
  /** Removing a key that does not exist is not an error. */
  remove: (key: string) => Promise<void>;
};

const contentTypeByExtension: Record<string, string> = {
  webp: 'image/webp',
};

/**
 * Keys are generated here, never taken from a client: a UUID, an optional variant and an
 * extension. Anything else (a path, "..", a client file name) is not a key.
 */
const keyPattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-[a-z]+)?\.(webp)$/;

export function generateStorageKey(
  variant: string,
  extension: keyof typeof contentTypeByExtension,
) {
  return `${randomUUID()}-${variant}.${extension}`;
}

export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}

export function contentTypeOfKey(key: string): string | null {
  const extension = keyPattern.exec(key)?.[3];
  return extension ? (contentTypeByExtension[extension] ?? null) : null;
}

/** Files in one local folder (DATA_DIR/uploads). */
export function createLocalFileStorage(directory: string): FileStorage {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return join(directory, key);
  };
  return {
    async put(key, data) {
      // Served only through the API: other accounts on the machine have no business reading or
      // replacing them.
      await mkdir(directory, { recursive: true, mode: privateDirectoryMode });
      await writeFile(pathOf(key), data, { flag: 'wx', mode: privateFileMode });
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
