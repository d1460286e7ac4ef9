import { categories, places, type Database } from '@clube/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Staff } from '../../types';
import { findCategoryOfStaff } from './find-category';

/**
 * Archives a category no active place uses. Archived places keep pointing at it, so their
 * history stays readable; that is why the row is never erased.
 */
export async function deleteCategory(db: Database, options: { staff: Staff; categoryId: string }) {
  const { staff, categoryId } = options;
  await db.transaction(async (tx) => {
    // The update lock waits for (and then blocks) a place being created in this category.
    const category = await findCategoryOfStaff(tx, { staff, categoryId, lock: 'update' });
    const [inUse] = await tx
      .select({ id: places.id })
      .from(places)
      .where(and(eq(places.categoryId, categoryId), isNull(places.archivedAt)))
      .limit(1);
    if (inUse) throw new AppError('CategoryInUse');
    await tx
      .update(categories)
      .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(categories.id, categoryId));
    await recordAudit(tx, {
      companyId: category.companyId,
      actorUserId: staff.userId,
      action: 'category.archive',
      entityType: 'category',
      entityId: categoryId,
      data: { name: category.name },
    });
  });
}
