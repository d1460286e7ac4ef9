import { placeImages, places, type Database } from '@clube/db';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { FileStorage } from '../../lib/storage/file-storage';
import type { Staff } from '../../types';

/** Removes the photo's row, then its files (after commit, so a rollback never loses a file). */
export async function deletePlaceImage(
  db: Database,
  storage: FileStorage,
  staff: Staff,
  imageId: string,
  log: FastifyBaseLogger,
) {
  const image = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ image: placeImages, companyId: places.companyId })
      .from(placeImages)
      .innerJoin(places, eq(places.id, placeImages.placeId))
      .where(eq(placeImages.id, imageId));
    if (!row || !staff.companyIds.has(row.companyId)) {
      throw new AppError('NotFound', 'Imagem não encontrada.');
    }
    await tx.delete(placeImages).where(eq(placeImages.id, imageId));
    await recordAudit(tx, {
      companyId: row.companyId,
      actorUserId: staff.userId,
      action: 'place_image.delete',
      entityType: 'place_image',
      entityId: imageId,
      data: { placeId: row.image.placeId, fileKey: row.image.fileKey },
    });
    return row.image;
  });
  try {
    await Promise.all([storage.remove(image.fileKey), storage.remove(image.thumbnailKey)]);
  } catch (error) {
    log.warn({ err: error, imageId }, 'could not remove the files of a deleted image');
  }
}
