import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { placeImages } from '@clube/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngDeclaring } from '../../factories';
import { build } from '../../helper';
import { placeImageScene } from './place-images-scene';

const context = build();
const { storedCount, storedRows, placeWithHeaders, picture, upload } = placeImageScene(context);

const script = '<html><body><script>alert(document.cookie)</script></body></html>';
/** The start of a zip archive (local file header), as in an image with a zip appended. */
const zipTail = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
  Buffer.from('payload.html'),
  Buffer.from(script),
]);

describe('hostile uploads', () => {
  it('refuses a decompression bomb: a tiny PNG declaring 100 000 × 100 000 pixels (413)', async () => {
    const { place, headers } = await placeWithHeaders();
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1024);
    const before = await storedCount();
    const response = await upload(
      headers,
      { placeId: place.id },
      { bytes: bomb, name: 'bomba.png', type: 'image/png' },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'ImageTooManyPixels' });
    expect(await storedCount()).toBe(before);
    expect(
      await context.db.select().from(placeImages).where(eq(placeImages.placeId, place.id)),
    ).toEqual([]);
  });

  it.each([
    ['a PNG with a zip and a script appended', 'png', zipTail],
    ['a GIF with HTML appended', 'gif', Buffer.from(script)],
    ['a JPEG with HTML appended', 'jpeg', Buffer.from(script)],
  ] as const)('neutralises %s: only re-encoded pixels are stored', async (_, format, tail) => {
    const { place, headers } = await placeWithHeaders();
    const polyglot = Buffer.concat([await picture(format, 120, 90), tail]);
    const response = await upload(
      headers,
      { placeId: place.id },
      { bytes: polyglot, name: 'foto.html', type: 'text/html' },
    );
    expect(response.statusCode).toBe(201);
    for (const url of [response.json().imageUrl, response.json().thumbnailUrl]) {
      const stored = await context.app.inject({ method: 'GET', url });
      expect(stored.headers['content-type']).toBe('image/webp');
      expect(stored.headers['x-content-type-options']).toBe('nosniff');
      const bytes = stored.rawPayload;
      expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
      expect(bytes.includes('<script')).toBe(false);
      expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(false);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
    }
  });

  it('refuses HTML behind an image signature, which no image library can read (415)', async () => {
    const { place, headers } = await placeWithHeaders();
    const response = await upload(
      headers,
      { placeId: place.id },
      { bytes: Buffer.from(`GIF89a${script}`), name: 'foto.gif', type: 'image/gif' },
    );
    expect(response.statusCode).toBe(415);
  });

  it('never uses the client file name or path on disk', async () => {
    const { place, headers } = await placeWithHeaders();
    const response = await upload(
      headers,
      { placeId: place.id },
      { bytes: await picture('png'), name: '../../evil-name.html', type: 'image/png' },
    );
    expect(response.statusCode).toBe(201);
    const stored = await context.db
      .select()
      .from(placeImages)
      .where(eq(placeImages.placeId, place.id));
    expect(stored.map((row) => [row.fileKey, row.thumbnailKey]).flat()).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}-display\.webp$/),
      expect.stringMatching(/^[0-9a-f-]{36}-thumb\.webp$/),
    ]);
    expect(await storedRows(stored[0]!.fileKey, stored[0]!.thumbnailKey)).toEqual([
      expect.objectContaining({ key: stored[0]!.fileKey }),
      expect.objectContaining({ key: stored[0]!.thumbnailKey }),
    ]);
    // Nor did the path send anything to the disk, where earlier versions kept uploads.
    const { uploadsDir } = context.config;
    for (const target of [
      join(uploadsDir, 'evil-name.html'),
      join(uploadsDir, '..', 'evil-name.html'),
      join(uploadsDir, '..', '..', 'evil-name.html'),
    ]) {
      expect(existsSync(target)).toBe(false);
    }
  });
});
