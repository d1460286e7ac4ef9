import { places, type Database } from '@clube/db';
import {
  isTimeRangeOrdered,
  startsBeforeEndsMessage,
  type updatePlaceBodySchema,
} from '@clube/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { Staff } from '../../types';
import { assertStaffMay } from '../auth/staff-may';
import { findCategoryOfStaff } from '../categories/find-category';
import { findPlaceOfStaff, readPlaceOfStaff } from './find-place';
import { setPlaceParts } from './place-parts';
import { writePlaceWeek } from './place-week';

export type UpdatePlaceOptions = { staff: Staff } & z.output<typeof updatePlaceBodySchema>;

/** Changes the fields sent; absent ones keep their value. A place never moves to another club. */
export async function updatePlace(db: Database, options: UpdatePlaceOptions) {
  const { staff, id, partPlaceIds, week, ...changes } = options;
  await db.transaction(async (tx) => {
    await tx.select({ id: places.id }).from(places).where(eq(places.id, id)).for('update');
    const before = await findPlaceOfStaff(tx, { staff, placeId: id });
    if (week) assertStaffMay(staff, before.companyId, 'operating-hours.write');
    const startsAt = changes.startsAt ?? before.startsAt;
    const endsAt = changes.endsAt ?? before.endsAt;
    if (!isTimeRangeOrdered(startsAt, endsAt)) {
      throw new AppError('PlaceStartsAfterEnds', {
        details: [{ in: 'body', path: 'endsAt', message: startsBeforeEndsMessage }],
      });
    }
    if (changes.categoryId && changes.categoryId !== before.categoryId) {
      const category = await findCategoryOfStaff(tx, {
        staff,
        categoryId: changes.categoryId,
        lock: 'share',
      });
      if (category.companyId !== before.companyId) {
        throw new AppError('CategoryNotFound');
      }
    }
    await tx
      .update(places)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(places.id, id));
    const parts = partPlaceIds
      ? await setPlaceParts(tx, { companyId: before.companyId, placeId: id, partPlaceIds })
      : undefined;
    const partsChanged = parts?.changed;
    await recordAudit(tx, {
      companyId: before.companyId,
      actorUserId: staff.userId,
      action: 'place.update',
      entityType: 'place',
      entityId: id,
      placeId: id,
      data: changedFields(
        { ...before, ...(partsChanged && { parts: parts.before }) },
        { ...changes, ...(partsChanged && { parts: parts.after }) },
      ),
    });
    if (week) {
      await writePlaceWeek(tx, {
        place: { id, companyId: before.companyId },
        actorUserId: staff.userId,
        week,
      });
    }
  });
  return readPlaceOfStaff(db, { staff, placeId: id });
}
