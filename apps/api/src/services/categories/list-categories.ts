import { categories, type Database } from '@clube/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { categoryColumns } from './find-category';

/** A club's active categories, by name. */
export function listCategories(db: Database, options: { companyId: string }) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.companyId, options.companyId), isNull(categories.archivedAt)))
    .orderBy(asc(categories.name), asc(categories.id));
}
