import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { companies, placeImages, queryRows, storedFiles, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import { contentTypeOfKey, isStorageKey } from '../../lib/storage/file-storage';
import { uploadUrlOf } from '../../lib/storage/upload-url';

export type UploadsFolderImport = {
  /** Files copied into the database by this run. */
  imported: number;
  /** Keys a row refers to that are neither in the database nor in this folder. */
  missing: string[];
};

/**
 * Copies into `stored_files` the files of an uploads folder (DATA_DIR/uploads, where earlier
 * versions kept them) that a photo or a club logo still refers to and the database lacks. Run at
 * every start: once a file is in, it is skipped, so a second run copies nothing. Files nothing
 * refers to stay out. Several processes may run it at once on one PostgreSQL, each with its own
 * folder: a key another process copied first is left as it is. The folder itself is never changed
 * (the operator removes it once the images are served from the database).
 */
export async function importUploadsFolder(
  db: Database,
  options: { directory: string },
): Promise<UploadsFolderImport> {
  const { directory } = options;
  const logoPrefix = uploadUrlOf('');
  const wanted = await queryRows<{ key: string }>(
    db,
    sql`select referenced.key from (
          select ${placeImages.fileKey} as key from ${placeImages}
          union select ${placeImages.thumbnailKey} from ${placeImages}
          union select substr(${companies.logoUrl}, ${logoPrefix.length + 1}) from ${companies}
            where starts_with(${companies.logoUrl}, ${logoPrefix})
        ) as referenced
        where not exists (select 1 from ${storedFiles} where ${storedFiles.key} = referenced.key)
        order by referenced.key`,
  );
  let imported = 0;
  const missing: string[] = [];
  for (const { key } of wanted) {
    // A key that is not one we generate never names a path (a logo URL edited by hand, "..").
    const contentType = contentTypeOfKey(key);
    if (!isStorageKey(key) || !contentType) continue;
    const bytes = await readFile(join(directory, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!bytes) {
      missing.push(key);
      continue;
    }
    const inserted = await db
      .insert(storedFiles)
      .values({ key, contentType, bytes, size: bytes.length })
      .onConflictDoNothing()
      .returning({ key: storedFiles.key });
    imported += inserted.length;
  }
  return { imported, missing };
}
