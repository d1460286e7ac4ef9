import { placeImages, places, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FileStorage } from '../../lib/storage/file-storage';
import type { Staff } from '../../types';

/** Removes the photo's row and its stored files in one transaction: both go, or neither. */
export async function deletePlaceImage(
  db: Database,
  options: { storage: FileStorage; staff: Staff; imageId: string },
) {
  const { storage, staff, imageId } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ image: placeImages, companyId: places.companyId })
      .from(placeImages)
      .innerJoin(places, eq(places.id, placeImages.placeId))
      .where(eq(placeImages.id, imageId));
    if (!row || !staff.companyIds.has(row.companyId)) {
      throw new AppError('PlaceImageNotFound');
    }
    await tx.delete(placeImages).where(eq(placeImages.id, imageId));
    const files = storage.within(tx);
    await files.remove(row.image.fileKey);
    await files.remove(row.image.thumbnailKey);
    await recordAudit(tx, {
      companyId: row.companyId,
      actorUserId: staff.userId,
      action: 'place_image.delete',
      entityType: 'place_image',
      entityId: imageId,
      placeId: row.image.placeId,
      data: { placeId: row.image.placeId, fileKey: row.image.fileKey },
    });
  });
}
