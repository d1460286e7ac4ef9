import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { auditEvents, placeImages, storedFiles } from '@clube/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearerFor, createClubWithStaff, createPlace, pngDeclaring } from '../../factories';
import { withFailingTrigger, build } from '../../helper';
import { encodeMultipart, type MultipartFile } from '../../route-table';

const context = build();

/** How many files the database holds (the tests of one file run one after another). */
async function storedCount() {
  const [row] = await context.db.select({ count: count() }).from(storedFiles);
  return row!.count;
}

/** The stored rows of some keys, in the order asked. */
async function storedRows(...keys: string[]) {
  const rows = await context.db.select().from(storedFiles).where(inArray(storedFiles.key, keys));
  return keys.map((key) => rows.find((row) => row.key === key));
}

async function placeWithHeaders() {
  const club = await createClubWithStaff(context.db);
  const place = await createPlace(context.db, club.company.id);
  return { ...club, place, headers: await bearerFor(context.app, club.staff.cpf) };
}

const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .toFormat(format)
    .toBuffer();

async function upload(
  headers: Record<string, string>,
  fields: Record<string, string>,
  ...files: Array<Omit<MultipartFile, 'field'> | undefined>
) {
  const body = await encodeMultipart(
    fields,
    ...files.map((file) => file && { field: 'image', ...file }),
  );
  return context.app.inject({
    method: 'POST',
    url: '/api/backoffice/placeImage',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const keyOf = (url: string) => url.replace('/api/uploads/', '');

describe('POST /api/backoffice/placeImage', () => {
  it.each([
    ['png', 'image/png', 'quadra.png'],
    ['jpeg', 'image/jpeg', 'quadra.jpg'],
    ['gif', 'image/gif', 'quadra.gif'],
    ['webp', 'image/webp', 'quadra.webp'],
  ] as const)('accepts %s, re-encodes it and serves both sizes', async (format, type, name) => {
    const { place, headers } = await placeWithHeaders();
    const response = await upload(
      headers,
      { placeId: place.id, sequence: '1', description: 'Vista da quadra' },
      { bytes: await picture(format, 900, 600), name, type },
    );
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({
      placeId: place.id,
      sequence: 1,
      description: 'Vista da quadra',
      width: 900,
      height: 600,
    });
    // Stored under generated names, never the client's file name.
    expect(image.imageUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-display\.webp$/);
    expect(image.thumbnailUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-thumb\.webp$/);

    // Both sizes are rows of the database, which every API process reads.
    const [display, thumb] = await storedRows(keyOf(image.imageUrl), keyOf(image.thumbnailUrl));
    expect(display).toMatchObject({ contentType: 'image/webp', size: display!.bytes.length });
    expect(thumb).toMatchObject({ contentType: 'image/webp', size: thumb!.bytes.length });

    const served = await context.app.inject({ method: 'GET', url: image.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(display!.bytes)).toBe(true);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    const thumbnail = await context.app.inject({ method: 'GET', url: image.thumbnailUrl });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      width: 480,
      height: 320,
    });

    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, image.id), eq(auditEvents.action, 'place_image.create')));
    expect(audit).toHaveLength(1);
  });

  it('shows the thumbnail as the cover of the place card', async () => {
    const { company, place, headers } = await placeWithHeaders();
    const created = (
      await upload(
        headers,
        { placeId: place.id },
        { bytes: await picture('png'), name: 'a.png', type: 'image/png' },
      )
    ).json();
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/place/company/${company.id}`,
      headers,
    });
    expect(list.json().items[0].coverImageUrl).toBe(created.thumbnailUrl);
  });

  it('refuses a non-image renamed to .png (415, clear message), storing nothing', async () => {
    const { place, headers } = await placeWithHeaders();
    const before = await storedCount();
    const response = await upload(
      headers,
      { placeId: place.id },
      { bytes: Buffer.from('%PDF-1.4 not a picture at all'), name: 'foto.png', type: 'image/png' },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      error: 'UnsupportedImageType',
      message: 'Tipo de arquivo não suportado. Envie uma imagem PNG, JPEG, GIF ou WebP.',
    });
    expect(await storedCount()).toBe(before);
    expect(
      await context.db.select().from(placeImages).where(eq(placeImages.placeId, place.id)),
    ).toEqual([]);
  });

  it('refuses an SVG, which can carry script (415)', async () => {
    const { place, headers } = await placeWithHeaders();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const response = await upload(
      headers,
      { placeId: place.id },
      { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain('PNG, JPEG, GIF ou WebP');
  });

  it('refuses a file over 5 MB (413)', async () => {
    const { place, headers } = await placeWithHeaders();
    const png = await picture('png');
    const oversized = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(
      headers,
      { placeId: place.id },
      { bytes: oversized, name: 'grande.png', type: 'image/png' },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error: 'ImageTooLarge',
      message: 'A imagem deve ter no máximo 5 MB.',
      params: { maxMegabytes: 5 },
    });
  });

  it('refuses two files in one upload (413)', async () => {
    const { place, headers } = await placeWithHeaders();
    const png = await picture('png');
    const image = (name: string) => ({ bytes: png, name, type: 'image/png' });
    const response = await upload(headers, { placeId: place.id }, image('a.png'), image('b.png'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error: 'TooManyImages',
      message: 'Envie uma única imagem no formulário.',
    });
  });

  it('requires a file and a valid placeId (400 with the fields)', async () => {
    const { headers } = await placeWithHeaders();
    const response = await upload(headers, { placeId: 'nope', sequence: 'x' });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['placeId', 'sequence', 'image']));
  });

  it('refuses a JSON body (415)', async () => {
    const { place, headers } = await placeWithHeaders();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/placeImage',
      headers,
      payload: { placeId: place.id },
    });
    expect(response.statusCode).toBe(415);
  });

  it("answers 404 for another club's place, storing nothing", async () => {
    const mine = await placeWithHeaders();
    const theirs = await placeWithHeaders();
    const before = await storedCount();
    const response = await upload(
      mine.headers,
      { placeId: theirs.place.id },
      { bytes: await picture('png'), name: 'a.png', type: 'image/png' },
    );
    expect(response.statusCode).toBe(404);
    expect(await storedCount()).toBe(before);
  });
});

describe('POST /api/backoffice/placeImage when the row cannot be written', () => {
  it('keeps none of the bytes it stored in the same transaction', async () => {
    const { place, headers } = await placeWithHeaders();
    const before = await storedCount();
    await withFailingTrigger(context.db, 'place_images', 'INSERT', async () => {
      const response = await upload(
        headers,
        { placeId: place.id },
        { bytes: await picture('png'), name: 'a.png', type: 'image/png' },
      );
      expect(response.statusCode).toBe(500);
    });
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /api/backoffice/placeImage/place/:placeId', () => {
  it("lists a place's photos in order, and answers 404 for another club's place", async () => {
    const mine = await placeWithHeaders();
    const theirs = await placeWithHeaders();
    for (const description of ['primeira', 'segunda']) {
      await upload(
        mine.headers,
        { placeId: mine.place.id, description },
        { bytes: await picture('png'), name: 'a.png', type: 'image/png' },
      );
    }
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/placeImage/place/${mine.place.id}`,
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { description: string }) => item.description)).toEqual([
      'primeira',
      'segunda',
    ]);

    const foreign = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/placeImage/place/${mine.place.id}`,
      headers: theirs.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('DELETE /api/backoffice/placeImage/:id', () => {
  it('deletes the row and both stored files; the URL then answers 404', async () => {
    const { place, headers } = await placeWithHeaders();
    const image = (
      await upload(
        headers,
        { placeId: place.id },
        { bytes: await picture('jpeg'), name: 'a.jpg', type: 'image/jpeg' },
      )
    ).json();
    const keys = [keyOf(image.imageUrl), keyOf(image.thumbnailUrl)];
    expect((await storedRows(...keys)).every(Boolean)).toBe(true);
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/placeImage/${image.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await storedRows(...keys)).toEqual([undefined, undefined]);
    expect(await context.db.select().from(placeImages).where(eq(placeImages.id, image.id))).toEqual(
      [],
    );
    const served = await context.app.inject({ method: 'GET', url: image.imageUrl });
    expect(served.statusCode).toBe(404);
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, image.id), eq(auditEvents.action, 'place_image.delete')));
    expect(audit).toHaveLength(1);
  });

  it("answers 404 for another club's photo and keeps it", async () => {
    const mine = await placeWithHeaders();
    const theirs = await placeWithHeaders();
    const image = (
      await upload(
        theirs.headers,
        { placeId: theirs.place.id },
        { bytes: await picture('png'), name: 'a.png', type: 'image/png' },
      )
    ).json();
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/placeImage/${image.id}`,
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await storedRows(keyOf(image.imageUrl), keyOf(image.thumbnailUrl))).every(Boolean),
    ).toBe(true);
  });

  it('keeps the photo and its bytes together when the removal of the bytes fails', async () => {
    const { place, headers } = await placeWithHeaders();
    const image = (
      await upload(
        headers,
        { placeId: place.id },
        { bytes: await picture('png'), name: 'a.png', type: 'image/png' },
      )
    ).json();
    await withFailingTrigger(context.db, 'stored_files', 'DELETE', async () => {
      const response = await context.app.inject({
        method: 'DELETE',
        url: `/api/backoffice/placeImage/${image.id}`,
        headers,
      });
      expect(response.statusCode).toBe(500);
    });
    // One transaction: the row is still there, and so are the bytes it names.
    expect(
      await context.db.select().from(placeImages).where(eq(placeImages.id, image.id)),
    ).toHaveLength(1);
    const served = await context.app.inject({ method: 'GET', url: image.imageUrl });
    expect(served.statusCode).toBe(200);
  });
});

describe('GET /api/uploads/:key', () => {
  it('answers 404 for anything that is not a generated key', async () => {
    for (const key of ['..%2F..%2Fetc%2Fpasswd', 'quadra.png', 'abc.webp']) {
      const response = await context.app.inject({ method: 'GET', url: `/api/uploads/${key}` });
      expect(response.statusCode).toBe(404);
    }
  });
});

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
