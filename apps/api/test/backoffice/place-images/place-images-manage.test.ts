import { auditEvents, placeImages } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withFailingTrigger, build } from '../../helper';
import { placeImageScene } from './place-images-scene';

const context = build();
const { storedRows, placeWithHeaders, picture, upload, keyOf } = placeImageScene(context);

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
