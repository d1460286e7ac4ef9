import { associateTitles, type Database } from '@clube/db';
import type { AssociateTitle, associateTitleCompanyParamsSchema } from '@clube/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';

const titleColumns = {
  id: associateTitles.id,
  name: associateTitles.name,
  blocked: associateTitles.blocked,
  blockedReason: associateTitles.blockedReason,
};

/** The club's membership titles by name (the associates table filters by them). */
export function listAssociateTitles(
  db: Database,
  options: z.output<typeof associateTitleCompanyParamsSchema>,
): Promise<AssociateTitle[]> {
  return db
    .select(titleColumns)
    .from(associateTitles)
    .where(eq(associateTitles.companyId, options.companyId))
    .orderBy(asc(associateTitles.name), asc(associateTitles.id));
}

export { titleColumns };
