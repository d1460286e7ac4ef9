/** A club's place and the upload helpers, shared by the place photo tests. */
import { storedFiles } from '@clube/db';
import { count, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { bearerFor, createClubWithStaff, createPlace } from '../../factories';
import { encodeMultipart, type MultipartFile } from '../../route-table';
import { type BuiltApp } from '../../helper';

/** The helpers bound to a test file's app and database. */
export function placeImageScene(context: BuiltApp) {
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
  return { storedCount, storedRows, placeWithHeaders, picture, upload, keyOf };
}
