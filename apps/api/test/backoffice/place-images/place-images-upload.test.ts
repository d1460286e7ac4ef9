import { auditEvents, placeImages } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withFailingTrigger, build } from '../../helper';
import { placeImageScene } from './place-images-scene';

const context = build();
const { storedCount, storedRows, placeWithHeaders, picture, upload, keyOf } =
  placeImageScene(context);

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
