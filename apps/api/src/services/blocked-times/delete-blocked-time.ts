import { blockedTimes, companies, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { clubDatesOf, transactionAnnouncing } from '../../lib/club-events';
import { lockPlace } from '../../lib/place-lock';
import { queueWaitlistOffers } from '../waitlists/waitlist-jobs';
import type { Caller } from './create-blocked-times';

/** Removes one block (one occurrence of a weekly series); the audit keeps what it was. */
export async function deleteBlockedTime(db: Database, options: { caller: Caller; id: string }) {
  const { caller, id } = options;
  const [row] = await db
    .select({ block: blockedTimes, timezone: companies.timezone })
    .from(blockedTimes)
    .innerJoin(companies, eq(companies.id, blockedTimes.companyId))
    .where(eq(blockedTimes.id, id));
  const block = row?.block;
  if (!row || !block || !caller.companyIds.has(block.companyId)) {
    throw new AppError('BlockedTimeNotFound');
  }
  await transactionAnnouncing(db, async (tx, announce) => {
    await lockPlace(tx, block.placeId);
    const deleted = await tx
      .delete(blockedTimes)
      .where(eq(blockedTimes.id, id))
      .returning({ id: blockedTimes.id });
    if (deleted.length === 0) throw new AppError('BlockedTimeNotFound');
    await queueWaitlistOffers(tx, block);
    await recordAudit(tx, {
      companyId: block.companyId,
      actorUserId: caller.userId,
      action: 'blocked-time.delete',
      entityType: 'blocked_time',
      entityId: id,
      placeId: block.placeId,
      data: {
        description: block.description,
        startsAt: block.startsAt.toISOString(),
        endsAt: block.endsAt.toISOString(),
        recurrenceId: block.recurrenceId,
      },
    });
    announce(
      clubDatesOf(block, row.timezone).map((date) => ({
        companyId: block.companyId,
        kind: 'blocked-time.deleted' as const,
        placeId: block.placeId,
        date,
      })),
    );
  });
  return { ok: true as const };
}
