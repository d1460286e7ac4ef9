import { categories, type Database } from '@clube/db';
import type { updateCategoryBodySchema } from '@clube/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../lib/audit';
import type { Staff } from '../../types';
import { categoryColumns, findCategoryOfStaff } from './find-category';

export type UpdateCategoryOptions = { staff: Staff } & z.output<typeof updateCategoryBodySchema>;

export async function updateCategory(db: Database, options: UpdateCategoryOptions) {
  const { staff, id, ...changes } = options;
  return db.transaction(async (tx) => {
    const before = await findCategoryOfStaff(tx, { staff, categoryId: id, lock: 'update' });
    const [category] = await tx
      .update(categories)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(categories.id, id))
      .returning(categoryColumns);
    await recordAudit(tx, {
      companyId: before.companyId,
      actorUserId: staff.userId,
      action: 'category.update',
      entityType: 'category',
      entityId: id,
      data: changedFields(before, changes),
    });
    return category!;
  });
}
