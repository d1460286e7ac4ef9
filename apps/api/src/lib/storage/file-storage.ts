import { randomUUID } from 'node:crypto';
import { storedFiles, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';

/**
 * Where uploaded files live. One small interface so that the services neither know nor care which
 * store is behind it (docs/decisions/004-images-in-the-database.md).
 */
export type FileStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  /** The file's bytes, or null when no file has that key. */
  get: (key: string) => Promise<Buffer | null>;
  /** Removing a key that does not exist is not an error. */
  remove: (key: string) => Promise<void>;
  /**
   * The same store writing through `tx`: its files commit or roll back with the rows that name
   * them, so no row ever points at missing bytes and no bytes outlive their row.
   */
  within: (tx: Database) => FileStorage;
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

/**
 * Files in the `stored_files` table: every API process on one database sees the same files, and
 * PGlite and PostgreSQL behave alike.
 */
export function createDatabaseFileStorage(db: Database): FileStorage {
  return {
    async put(key, data) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) throw new Error(`not a storage key: ${key}`);
      // No "on conflict": a key is a fresh UUID, and overwriting one would break the promise that
      // a key never changes content (browsers cache it for a year).
      await db.insert(storedFiles).values({ key, contentType, bytes: data, size: data.length });
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const [row] = await db
        .select({ bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row?.bytes ?? null;
    },
    async remove(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
    within: (tx) => createDatabaseFileStorage(tx),
  };
}
