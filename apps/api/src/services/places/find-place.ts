import { categories, placeImages, places, type Database } from '@clube/db';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { uploadUrlOf } from '../../lib/storage/upload-url';
import type { Staff } from '../../types';
import { readPlaceLinks } from './place-parts';

const placeColumns = {
  id: places.id,
  companyId: places.companyId,
  categoryId: places.categoryId,
  categoryName: categories.name,
  name: places.name,
  description: places.description,
  startsAt: places.startsAt,
  endsAt: places.endsAt,
  bookRange: places.bookRange,
  anonymousBooking: places.anonymousBooking,
  associateReservationLimit: places.associateReservationLimit,
  availableBookingDays: places.availableBookingDays,
  ageRestriction: places.ageRestriction,
  maxCancelBookingTime: places.maxCancelBookingTime,
  guestsAllowed: places.guestsAllowed,
  guestLimit: places.guestLimit,
  guestCpfRequired: places.guestCpfRequired,
  guestListClosesHours: places.guestListClosesHours,
};

type PlaceRow = {
  [Key in keyof typeof placeColumns]: (typeof placeColumns)[Key]['_']['data'];
};

/** Postgres answers `time` as "HH:mm:ss"; the API speaks "HH:mm". */
function toPlace({ categoryName, ...row }: PlaceRow) {
  return {
    ...row,
    startsAt: row.startsAt.slice(0, 5),
    endsAt: row.endsAt.slice(0, 5),
    category: { id: row.categoryId, name: categoryName },
  };
}

function selectPlaces(db: Database, where: SQL | undefined) {
  return db
    .select(placeColumns)
    .from(places)
    .innerJoin(categories, eq(categories.id, places.categoryId))
    .where(and(isNull(places.archivedAt), where));
}

/** An active place of one of the caller's clubs; archived, missing and another club's: 404. */
export async function findPlaceOfStaff(db: Database, options: { staff: Staff; placeId: string }) {
  const [row] = await selectPlaces(db, eq(places.id, options.placeId));
  if (!row || !options.staff.companyIds.has(row.companyId)) throw new AppError('PlaceNotFound');
  return toPlace(row);
}

/** findPlaceOfStaff with the places it is made of and the places it is part of. */
export async function readPlaceOfStaff(db: Database, options: { staff: Staff; placeId: string }) {
  const place = await findPlaceOfStaff(db, options);
  const links = await readPlaceLinks(db, { placeIds: [place.id] });
  return { ...place, ...links.get(place.id)! };
}

/** A club's active places by name, each with the thumbnail of its first photo. */
export async function listPlaces(db: Database, options: { companyId: string }) {
  const cover = db
    .select({ key: placeImages.thumbnailKey })
    .from(placeImages)
    .where(eq(placeImages.placeId, places.id))
    .orderBy(placeImages.sequence, placeImages.createdAt, placeImages.id)
    .limit(1);
  const rows = await db
    .select({ ...placeColumns, coverKey: sql<string | null>`(${cover})` })
    .from(places)
    .innerJoin(categories, eq(categories.id, places.categoryId))
    .where(and(isNull(places.archivedAt), eq(places.companyId, options.companyId)))
    .orderBy(places.name, places.id);
  const links = await readPlaceLinks(db, { placeIds: rows.map((row) => row.id) });
  return rows.map(({ coverKey, ...row }) => ({
    ...toPlace(row),
    ...links.get(row.id)!,
    coverImageUrl: coverKey ? uploadUrlOf(coverKey) : null,
  }));
}
