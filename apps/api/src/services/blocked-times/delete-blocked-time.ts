import { blockedTimes, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { lockPlace } from '../../lib/place-lock';
import type { Caller } from './create-blocked-times';

/** Removes one block (one occurrence of a weekly series); the audit keeps what it was. */
export async function deleteBlockedTime(db: Database, caller: Caller, id: string) {
  const [block] = await db.select().from(blockedTimes).where(eq(blockedTimes.id, id));
  if (!block || !caller.companyIds.has(block.companyId)) {
    throw new AppError('NotFound', 'Bloqueio não encontrado.');
  }
  await db.transaction(async (tx) => {
    await lockPlace(tx, block.placeId);
    const deleted = await tx
      .delete(blockedTimes)
      .where(eq(blockedTimes.id, id))
      .returning({ id: blockedTimes.id });
    if (deleted.length === 0) throw new AppError('NotFound', 'Bloqueio não encontrado.');
    await recordAudit(tx, {
      companyId: block.companyId,
      actorUserId: caller.userId,
      action: 'blocked-time.delete',
      entityType: 'blocked_time',
      entityId: id,
      data: {
        placeId: block.placeId,
        description: block.description,
        startsAt: block.startsAt.toISOString(),
        endsAt: block.endsAt.toISOString(),
        recurrenceId: block.recurrenceId,
      },
    });
  });
  return { ok: true as const };
}
