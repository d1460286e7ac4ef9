import { associates, type Database } from '@clube/db';
import type { blockSchema } from '@clube/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';

/** Blocking or unblocking an associate or a title: who does it, of which clubs, and what. */
export type BlockOptions = {
  actorUserId: string;
  /** The caller's clubs: a row of any other answers as missing. */
  companyIds: ReadonlySet<string>;
  id: string;
} & z.output<typeof blockSchema>;

/** Blocks (with a reason) or unblocks an associate; blocked associates cannot book. */
export async function blockAssociate(db: Database, options: BlockOptions): Promise<void> {
  const { id, companyIds, ...change } = options;
  if (companyIds.size === 0) throw new AppError('AssociateNotFound');
  const reason = change.blocked ? (change.reason?.trim() ?? '') : null;
  if (change.blocked && !reason) {
    throw new AppError('BlockReasonRequired', {
      details: [{ in: 'body', path: 'reason', message: 'Informe o motivo do bloqueio' }],
    });
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(associates)
      .set({ blocked: change.blocked, blockedReason: reason, updatedAt: new Date() })
      .where(and(eq(associates.id, id), inArray(associates.companyId, [...companyIds])))
      .returning({ id: associates.id, companyId: associates.companyId });
    if (!row) throw new AppError('AssociateNotFound');
    await recordAudit(tx, {
      companyId: row.companyId,
      actorUserId: change.actorUserId,
      action: change.blocked ? 'associate.block' : 'associate.unblock',
      entityType: 'associate',
      entityId: row.id,
      associateId: row.id,
      data: {
        reason: change.reason?.trim() || null,
        after: { blocked: change.blocked },
      },
    });
  });
}
