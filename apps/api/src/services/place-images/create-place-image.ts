import { placeImages, type Database } from '@clube/db';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../lib/audit';
import { processImage } from '../../lib/images/process-image';
import { generateStorageKey, type FileStorage } from '../../lib/storage/file-storage';
import type { Staff } from '../../types';
import { findPlaceOfStaff } from '../places/find-place';
import { toPlaceImage } from './list-place-images';

export type NewPlaceImage = {
  placeId: string;
  sequence: number;
  description: string | null;
  bytes: Buffer;
};

/** Checks the place, re-encodes the photo, stores both sizes and records the row. */
export async function createPlaceImage(
  db: Database,
  storage: FileStorage,
  staff: Staff,
  input: NewPlaceImage,
  log: FastifyBaseLogger,
) {
  const place = await findPlaceOfStaff(db, staff, input.placeId);
  const image = await processImage(input.bytes);
  const fileKey = generateStorageKey('display', 'webp');
  const thumbnailKey = generateStorageKey('thumb', 'webp');
  await storage.put(fileKey, image.display);
  await storage.put(thumbnailKey, image.thumbnail);
  try {
    const row = await db.transaction(async (tx) => {
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
        data: { placeId: place.id, fileKey, thumbnailKey, bytes: input.bytes.length },
      });
      return inserted!;
    });
    return toPlaceImage(row);
  } catch (error) {
    // No row points at the files: remove them rather than leave orphans.
    await Promise.all([storage.remove(fileKey), storage.remove(thumbnailKey)]).catch(
      (cleanupError: unknown) => log.warn({ err: cleanupError }, 'orphan upload left behind'),
    );
    throw error;
  }
}
