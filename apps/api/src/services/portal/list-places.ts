import { categories, placeImages, places, type Database } from '@clube/db';
import type { PortalPlace } from '@clube/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { uploadUrlOf } from '../../lib/storage/upload-url';
import type { Member } from '../../types';

export type ListPlacesOptions = { member: Member };

/**
 * The non-archived places of the member's club with their booking rules and photos (the URLs the
 * back office answers), by category name then place name.
 */
export async function listPlaces(db: Database, options: ListPlacesOptions): Promise<PortalPlace[]> {
  const { member } = options;
  const rows = await db
    .select({
      id: places.id,
      name: places.name,
      description: places.description,
      category: {
        id: categories.id,
        name: categories.name,
        blockedAppointmentDay: categories.blockedAppointmentDay,
        notAppointmentPreviousDayTime: categories.notAppointmentPreviousDayTime,
      },
      startsAt: places.startsAt,
      endsAt: places.endsAt,
      bookRange: places.bookRange,
      availableBookingDays: places.availableBookingDays,
      maxCancelBookingTime: places.maxCancelBookingTime,
      ageRestriction: places.ageRestriction,
      associateReservationLimit: places.associateReservationLimit,
    })
    .from(places)
    .innerJoin(categories, eq(categories.id, places.categoryId))
    .where(and(eq(places.companyId, member.companyId), isNull(places.archivedAt)))
    .orderBy(asc(categories.name), asc(places.name), asc(places.id));
  if (rows.length === 0) return [];

  const images = await db
    .select()
    .from(placeImages)
    .where(
      inArray(
        placeImages.placeId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(placeImages.sequence, placeImages.createdAt, placeImages.id);
  const imagesOf = new Map<string, PortalPlace['images']>();
  for (const image of images) {
    const list = imagesOf.get(image.placeId) ?? [];
    list.push({
      id: image.id,
      description: image.description,
      imageUrl: uploadUrlOf(image.fileKey),
      thumbnailUrl: uploadUrlOf(image.thumbnailKey),
      width: image.width,
      height: image.height,
    });
    imagesOf.set(image.placeId, list);
  }
  return rows.map((row) => ({
    ...row,
    // time columns read "HH:mm:ss"; the API speaks "HH:mm".
    startsAt: row.startsAt.slice(0, 5),
    endsAt: row.endsAt.slice(0, 5),
    images: imagesOf.get(row.id) ?? [],
  }));
}
