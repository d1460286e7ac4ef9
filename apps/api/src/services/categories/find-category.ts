import { categories, type Database } from '@clube/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Staff } from '../../types';

export const categoryColumns = {
  id: categories.id,
  companyId: categories.companyId,
  name: categories.name,
  blockedAppointmentDay: categories.blockedAppointmentDay,
  notAppointmentPreviousDayTime: categories.notAppointmentPreviousDayTime,
  waitlistEnabled: categories.waitlistEnabled,
};

/**
 * An active category of one of the caller's clubs; archived, missing and another club's answer
 * 404 alike. `lock` takes the row lock a change of the category needs (share: used by a place).
 */
export async function findCategoryOfStaff(
  db: Database,
  options: { staff: Staff; categoryId: string; lock?: 'update' | 'share' },
) {
  const { staff, categoryId, lock } = options;
  const query = db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.id, categoryId), isNull(categories.archivedAt)));
  const [category] = lock ? await query.for(lock) : await query;
  if (!category || !staff.companyIds.has(category.companyId)) {
    throw new AppError('CategoryNotFound');
  }
  return category;
}
