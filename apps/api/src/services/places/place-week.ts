import { placeWeeklyHours, places, type Database } from '@clube/db';
import type { PlaceWeek, PlaceWeekdayHours } from '@clube/shared';
import { daysOfWeek } from '@clube/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { assertOpenBeforeClose } from '../operating-hours/assert-open-before-close';

type Caller = { companyIds: ReadonlySet<string> };

async function findPlace(db: Database, options: { placeId: string; caller: Caller }) {
  const [place] = await db
    .select({ id: places.id, companyId: places.companyId })
    .from(places)
    .where(
      and(
        eq(places.id, options.placeId),
        inArray(places.companyId, [...options.caller.companyIds]),
        isNull(places.archivedAt),
      ),
    );
  if (!place) throw new AppError('PlaceNotFound');
  return place;
}

const toWeekday = (row: {
  dayOfWeek: PlaceWeekdayHours['dayOfWeek'];
  openTime: string | null;
  closeTime: string | null;
}): PlaceWeekdayHours => ({
  dayOfWeek: row.dayOfWeek,
  openTime: row.openTime?.slice(0, 5) ?? null,
  closeTime: row.closeTime?.slice(0, 5) ?? null,
});

const byWeekday = (a: PlaceWeekdayHours, b: PlaceWeekdayHours) =>
  daysOfWeek.indexOf(a.dayOfWeek) - daysOfWeek.indexOf(b.dayOfWeek);

async function readWeek(db: Database, placeId: string): Promise<PlaceWeek> {
  const rows = await db
    .select({
      dayOfWeek: placeWeeklyHours.dayOfWeek,
      openTime: placeWeeklyHours.openTime,
      closeTime: placeWeeklyHours.closeTime,
    })
    .from(placeWeeklyHours)
    .where(eq(placeWeeklyHours.placeId, placeId));
  return { items: rows.map(toWeekday).sort(byWeekday) };
}

/** A place's own weekdays (those that differ from the club's week), Sunday first. */
export async function getPlaceWeek(db: Database, options: { placeId: string; caller: Caller }) {
  const place = await findPlace(db, options);
  return readWeek(db, place.id);
}

/**
 * Writes a place's own week inside the caller's transaction: each weekday given keeps the place
 * closed (no hours) or open within its hours, intersected with the club's; a weekday left out
 * follows the club. Bookings already made stay (the day sheet shows them outside the hours).
 * A bad weekday throws before anything of the week is written; the caller's transaction takes
 * back whatever it wrote before (the place's create and edit save the week this way).
 */
export async function writePlaceWeek(
  tx: Database,
  options: {
    place: { id: string; companyId: string };
    actorUserId: string;
    week: PlaceWeek;
  },
) {
  const { place, week } = options;
  for (const day of week.items) {
    if ((day.openTime === null) !== (day.closeTime === null) || day.openTime === '')
      throw new AppError('OpenTimeAfterCloseTime');
    if (day.openTime !== null && day.closeTime !== null)
      assertOpenBeforeClose(day.openTime, day.closeTime);
  }
  await tx.delete(placeWeeklyHours).where(eq(placeWeeklyHours.placeId, place.id));
  if (week.items.length > 0)
    await tx.insert(placeWeeklyHours).values(
      week.items.map((day) => ({
        companyId: place.companyId,
        placeId: place.id,
        dayOfWeek: day.dayOfWeek,
        openTime: day.openTime,
        closeTime: day.closeTime,
      })),
    );
  await recordAudit(tx, {
    companyId: place.companyId,
    actorUserId: options.actorUserId,
    action: 'place.week',
    entityType: 'place',
    entityId: place.id,
    placeId: place.id,
    data: { week: week.items },
  });
}

/** Replaces a place's own week on its own (PUT /place/{id}/week); see `writePlaceWeek`. */
export async function setPlaceWeek(
  db: Database,
  options: { placeId: string; caller: Caller; actorUserId: string; week: PlaceWeek },
) {
  return db.transaction(async (tx) => {
    const place = await findPlace(tx, options);
    await writePlaceWeek(tx, { place, actorUserId: options.actorUserId, week: options.week });
    return readWeek(tx, place.id);
  });
}
