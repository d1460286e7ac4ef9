import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { companies, placeImages, storedFiles, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importUploadsFolder } from '../src/services/maintenance/import-uploads-folder';
import { createClubWithStaff, createPlace } from './factories';
import { temporaryDirectories, useTestDatabase } from './helper';
import { startServer, withEmbeddedDatabase } from './server-process';

/**
 * Earlier versions kept images in DATA_DIR/uploads. On upgrade, the files rows still name are
 * copied into the database, once, and served from there.
 */

const temporaryDirectory = temporaryDirectories('uploads-import');

const keyOf = (variant: string) => `${randomUUID()}-${variant}.webp`;
/** Stand-in bytes: the import copies files, it does not decode them. */
const bytesOf = (key: string) => Buffer.from(`RIFF....WEBP ${key}`);

/** A club with one photo and an uploaded logo, as an earlier version left them: rows only. */
async function legacyClub(db: Database) {
  const { company } = await createClubWithStaff(db);
  const place = await createPlace(db, company.id);
  const keys = { display: keyOf('display'), thumb: keyOf('thumb'), logo: keyOf('logo') };
  await db.insert(placeImages).values({
    placeId: place.id,
    fileKey: keys.display,
    thumbnailKey: keys.thumb,
    contentType: 'image/webp',
    width: 10,
    height: 10,
  });
  await db
    .update(companies)
    .set({ logoUrl: `/api/uploads/${keys.logo}` })
    .where(eq(companies.id, company.id));
  return keys;
}

function writeFiles(directory: string, keys: string[]) {
  mkdirSync(directory, { recursive: true });
  for (const key of keys) writeFileSync(join(directory, key), bytesOf(key));
}

async function storedBytes(db: Database) {
  const rows = await db.select().from(storedFiles);
  return new Map(rows.map((row) => [row.key, row]));
}

describe('importUploadsFolder', () => {
  const database = useTestDatabase();

  it('copies the referenced files once; unreferenced and stored ones stay as they are', async () => {
    const db = database.database.db;
    const directory = temporaryDirectory();
    const club = await legacyClub(db);
    const other = await legacyClub(db);
    const unreferenced = keyOf('display');
    // `other`'s thumbnail is already in the database (copied by another process, say) with its
    // own bytes; its logo was lost from this disk.
    await db.insert(storedFiles).values({
      key: other.thumb,
      contentType: 'image/webp',
      bytes: Buffer.from('already here'),
      size: 12,
    });
    writeFiles(directory, [club.display, club.thumb, club.logo, other.display, other.thumb]);
    writeFiles(directory, [unreferenced]);
    // A logo URL that is not one of our uploads names no file.
    await createClubWithStaff(db).then(({ company }) =>
      db
        .update(companies)
        .set({ logoUrl: '/api/uploads/../../etc/passwd' })
        .where(eq(companies.id, company.id)),
    );

    const first = await importUploadsFolder(db, { directory });
    expect(first).toEqual({ imported: 4, missing: [other.logo] });
    const stored = await storedBytes(db);
    for (const key of [club.display, club.thumb, club.logo, other.display]) {
      expect(stored.get(key)).toMatchObject({
        contentType: 'image/webp',
        bytes: bytesOf(key),
        size: bytesOf(key).length,
      });
    }
    expect(stored.get(other.thumb)!.bytes.toString()).toBe('already here');
    expect(stored.has(unreferenced)).toBe(false);

    // Every start runs it again: nothing more to copy, nothing changed.
    const second = await importUploadsFolder(db, { directory });
    expect(second).toEqual({ imported: 0, missing: [other.logo] });
    expect(await storedBytes(db)).toEqual(stored);
  });

  it('copies nothing and fails nothing when there is no uploads folder', async () => {
    const db = database.database.db;
    const club = await legacyClub(db);
    const result = await importUploadsFolder(db, {
      directory: join(temporaryDirectory(), 'absent'),
    });
    expect(result.imported).toBe(0);
    expect(result.missing).toEqual(expect.arrayContaining(Object.values(club)));
  });
});

describe('server start-up', () => {
  it('serves a photo and a logo that an earlier version left in DATA_DIR/uploads', async () => {
    const dataDir = temporaryDirectory();
    const keys = await withEmbeddedDatabase(dataDir, legacyClub);
    writeFiles(join(dataDir, 'uploads'), Object.values(keys));

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      for (const key of Object.values(keys)) {
        const response = await fetch(`${server.url}/api/uploads/${key}`);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(bytesOf(key))).toBe(true);
      }
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    // In the database now, so served whatever happens to the folder.
    rmSync(join(dataDir, 'uploads'), { recursive: true });
    const stored = await withEmbeddedDatabase(dataDir, storedBytes);
    expect([...stored.keys()].sort()).toEqual(Object.values(keys).sort());
  }, 300_000);
});
