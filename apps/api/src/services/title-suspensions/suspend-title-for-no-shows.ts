import { appointments, associateTitles, titleSuspensions, type Database } from '@clube/db';
import { and, count, desc, eq, gt, gte } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit';

export type NoShowPolicy = {
  /** N: null or 0 = the policy is off. */
  noShowSuspensionCount: number | null;
  /** D: the no-shows counted are those of bookings that started in the last D days. */
  noShowWindowDays: number;
  /** S: how long the suspension lasts. */
  noShowSuspensionDays: number;
};

export type SuspendTitleOptions = {
  actorUserId: string;
  companyId: string;
  associateTitleId: string;
  policy: NoShowPolicy;
  /** The instant of the no-show just marked. */
  now: Date;
};

const dayMs = 86_400_000;

/**
 * "N no-shows within D days suspend the title for S days", applied right after a no-show is
 * marked (same transaction). No-shows already behind an earlier suspension of the title do not
 * count again, so one bad week suspends once, not at every later no-show. Answers the suspension
 * created, if any.
 */
export async function suspendTitleForNoShows(tx: Database, options: SuspendTitleOptions) {
  const { companyId, associateTitleId, policy, actorUserId, now } = options;
  const threshold = policy.noShowSuspensionCount ?? 0;
  if (threshold <= 0) return null;
  // Two desks marking no-shows of one family at once must not both miss (or both create) it.
  await tx
    .select({ id: associateTitles.id })
    .from(associateTitles)
    .where(eq(associateTitles.id, associateTitleId))
    .for('update');
  const [latest] = await tx
    .select({ createdAt: titleSuspensions.createdAt })
    .from(titleSuspensions)
    .where(eq(titleSuspensions.associateTitleId, associateTitleId))
    .orderBy(desc(titleSuspensions.createdAt))
    .limit(1);
  const [row] = await tx
    .select({ noShows: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.associateTitleId, associateTitleId),
        eq(appointments.status, 'NO_SHOW'),
        gte(appointments.startsAt, new Date(now.getTime() - policy.noShowWindowDays * dayMs)),
        latest ? gt(appointments.noShowAt, latest.createdAt) : undefined,
      ),
    );
  if ((row?.noShows ?? 0) < threshold) return null;

  const [suspension] = await tx
    .insert(titleSuspensions)
    .values({
      companyId,
      associateTitleId,
      startsAt: now,
      endsAt: new Date(now.getTime() + policy.noShowSuspensionDays * dayMs),
      reason: `${row!.noShows} faltas em ${policy.noShowWindowDays} dias`,
      cause: 'no-shows',
      // The instant of the no-show that caused it (not the database clock), so later counts and
      // undoing that no-show compare like with like.
      createdAt: now,
    })
    .returning();
  await recordAudit(tx, {
    companyId,
    actorUserId,
    action: 'associate-title.suspend',
    entityType: 'associate-title',
    entityId: associateTitleId,
    data: {
      suspensionId: suspension!.id,
      cause: 'no-shows',
      endsAt: suspension!.endsAt.toISOString(),
    },
  });
  return suspension!;
}
