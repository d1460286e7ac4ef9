import { placeImages, type Database } from '@clube/db';
import type { placeImageFieldsSchema } from '@clube/shared';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit';
import { processImage } from '../../lib/images/process-image';
import { generateStorageKey, type FileStorage } from '../../lib/storage/file-storage';
import type { Staff } from '../../types';
import { findPlaceOfStaff } from '../places/find-place';
import { toPlaceImage } from './list-place-images';

export type CreatePlaceImageOptions = {
  storage: FileStorage;
  staff: Staff;
  /** The uploaded file, before it is re-encoded. */
  bytes: Buffer;
} & z.output<typeof placeImageFieldsSchema>;

/**
 * Checks the place, re-encodes the photo, and stores both sizes with the row in one transaction:
 * a failure anywhere leaves neither the row nor its bytes.
 */
export async function createPlaceImage(db: Database, options: CreatePlaceImageOptions) {
  const { storage, staff, ...input } = options;
  const place = await findPlaceOfStaff(db, { staff, placeId: input.placeId });
  const image = await processImage(input.bytes);
  const fileKey = generateStorageKey('display', 'webp');
  const thumbnailKey = generateStorageKey('thumb', 'webp');
  const row = await db.transaction(async (tx) => {
    const files = storage.within(tx);
    await files.put(fileKey, image.display);
    await files.put(thumbnailKey, image.thumbnail);
    const [inserted] = await tx
      .insert(placeImages)
      .values({
        placeId: place.id,
        sequence: input.sequence,
        description: input.description,
        fileKey,
        thumbnailKey,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
      })
      .returning();
    await recordAudit(tx, {
      companyId: place.companyId,
      actorUserId: staff.userId,
      action: 'place_image.create',
      entityType: 'place_image',
      entityId: inserted!.id,
      placeId: place.id,
      data: { placeId: place.id, fileKey, thumbnailKey, bytes: input.bytes.length },
    });
    return inserted!;
  });
  return toPlaceImage(row);
}
