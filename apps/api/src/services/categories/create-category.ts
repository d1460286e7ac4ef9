import { categories, type Database } from '@clube/db';
import type { createCategoryBodySchema } from '@clube/shared';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit';
import { categoryColumns } from './find-category';

export type CreateCategoryOptions = { actorUserId: string } & z.output<
  typeof createCategoryBodySchema
>;

export async function createCategory(db: Database, options: CreateCategoryOptions) {
  const { actorUserId, ...values } = options;
  return db.transaction(async (tx) => {
    const [category] = await tx.insert(categories).values(values).returning(categoryColumns);
    await recordAudit(tx, {
      companyId: category!.companyId,
      actorUserId,
      action: 'category.create',
      entityType: 'category',
      entityId: category!.id,
      data: values,
    });
    return category!;
  });
}
