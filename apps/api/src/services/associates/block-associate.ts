import { associates, type Database } from '@clube/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';

export type BlockChange = { blocked: boolean; reason?: string; actorUserId: string };

/** Blocks (with a reason) or unblocks an associate; blocked associates cannot book. */
export async function blockAssociate(
  db: Database,
  id: string,
  change: BlockChange,
  companyIds: ReadonlySet<string>,
): Promise<void> {
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
      data: { reason: change.reason?.trim() || null },
    });
  });
}
