import { appointments, placeParts, places, type Database } from '@clube/db';
import { occupyingStatuses } from '@clube/shared';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { lockPlace } from '../../lib/place-lock';
import type { Staff } from '../../types';
import { findPlaceOfStaff } from './find-place';

/**
 * Archives a place: it leaves every list, while its past appointments and photos stay for the
 * record; its links to other places (docs/domain.md, "Linked places") are removed. Refused while
 * a SCHEDULED appointment has not ended yet.
 */
export async function deletePlace(db: Database, options: { staff: Staff; placeId: string }) {
  const { staff, placeId } = options;
  await db.transaction(async (tx) => {
    // Booking takes the same lock, so no appointment slips in between the check and the archive.
    await lockPlace(tx, placeId);
    const place = await findPlaceOfStaff(tx, { staff, placeId });
    const [future] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.placeId, placeId),
          inArray(appointments.status, [...occupyingStatuses]),
          gt(appointments.endsAt, sql`now()`),
        ),
      )
      .limit(1);
    if (future) throw new AppError('PlaceHasFutureAppointments');
    await tx
      .update(places)
      .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(places.id, placeId));
    // An archived place is no longer a whole or a part: its blocks stop holding its links.
    await tx
      .delete(placeParts)
      .where(or(eq(placeParts.wholePlaceId, placeId), eq(placeParts.partPlaceId, placeId)));
    await recordAudit(tx, {
      companyId: place.companyId,
      actorUserId: staff.userId,
      action: 'place.archive',
      entityType: 'place',
      entityId: placeId,
      placeId,
      data: { name: place.name },
    });
  });
}
