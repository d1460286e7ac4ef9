import { placeImages, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';
import { uploadUrlOf } from '../../lib/storage/upload-url';

type PlaceImageRow = typeof placeImages.$inferSelect;

export function toPlaceImage(row: PlaceImageRow) {
  return {
    id: row.id,
    placeId: row.placeId,
    sequence: row.sequence,
    description: row.description,
    imageUrl: uploadUrlOf(row.fileKey),
    thumbnailUrl: uploadUrlOf(row.thumbnailKey),
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A place's photos in gallery order (the caller has checked the place is theirs). */
export async function listPlaceImages(db: Database, options: { placeId: string }) {
  const rows = await db
    .select()
    .from(placeImages)
    .where(eq(placeImages.placeId, options.placeId))
    .orderBy(placeImages.sequence, placeImages.createdAt, placeImages.id);
  return rows.map(toPlaceImage);
}
