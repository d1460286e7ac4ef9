import { titleSuspensions, type Database } from '@clube/db';
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';

/** The suspension in force for a title at an instant (the latest ending one), if any. */
export async function findActiveSuspension(
  db: Database,
  options: { associateTitleId: string; now: Date },
) {
  const { associateTitleId, now } = options;
  const [active] = await db
    .select()
    .from(titleSuspensions)
    .where(
      and(
        eq(titleSuspensions.associateTitleId, associateTitleId),
        isNull(titleSuspensions.liftedAt),
        lte(titleSuspensions.startsAt, now),
        gt(titleSuspensions.endsAt, now),
      ),
    )
    .orderBy(desc(titleSuspensions.endsAt))
    .limit(1);
  return active;
}
