import { places, type Database } from '@clube/db';
import type { createPlaceBodySchema } from '@clube/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Staff } from '../../types';
import { assertStaffMay } from '../auth/staff-may';
import { findCategoryOfStaff } from '../categories/find-category';
import { readPlaceOfStaff } from './find-place';
import { setPlaceParts } from './place-parts';
import { writePlaceWeek } from './place-week';

export type CreatePlaceOptions = { staff: Staff } & z.output<typeof createPlaceBodySchema>;

export async function createPlace(db: Database, options: CreatePlaceOptions) {
  const { staff, partPlaceIds, week, ...values } = options;
  if (week) assertStaffMay(staff, values.companyId, 'operating-hours.write');
  const id = await db.transaction(async (tx) => {
    // Shared lock: the category cannot be archived while this place is being added to it.
    const category = await findCategoryOfStaff(tx, {
      staff,
      categoryId: values.categoryId,
      lock: 'share',
    });
    if (category.companyId !== values.companyId) {
      throw new AppError('CategoryNotFound');
    }
    const [place] = await tx.insert(places).values(values).returning({ id: places.id });
    const parts =
      partPlaceIds && partPlaceIds.length > 0
        ? await setPlaceParts(tx, { companyId: values.companyId, placeId: place!.id, partPlaceIds })
        : undefined;
    const { companyId: _companyId, ...shownValues } = values;
    await recordAudit(tx, {
      companyId: values.companyId,
      actorUserId: staff.userId,
      action: 'place.create',
      entityType: 'place',
      entityId: place!.id,
      placeId: place!.id,
      data: { after: { ...shownValues, ...(parts && { parts: parts.after }) } },
    });
    if (week) {
      await writePlaceWeek(tx, {
        place: { id: place!.id, companyId: values.companyId },
        actorUserId: staff.userId,
        week,
      });
    }
    return place!.id;
  });
  return readPlaceOfStaff(db, { staff, placeId: id });
}
