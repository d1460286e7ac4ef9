import { associateTitles, type Database } from '@clube/db';
import type { AssociateTitle } from '@clube/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { BlockOptions } from '../associates/block-associate';
import { titleColumns } from './list-associate-titles';

/** Blocks (with a reason) or unblocks a title: no associate of the title can book meanwhile. */
export async function blockAssociateTitle(
  db: Database,
  options: BlockOptions,
): Promise<AssociateTitle> {
  const { id, companyIds, ...change } = options;
  if (companyIds.size === 0) throw new AppError('TitleNotFound');
  const reason = change.blocked ? (change.reason?.trim() ?? '') : null;
  if (change.blocked && !reason) {
    throw new AppError('BlockReasonRequired', {
      details: [{ in: 'body', path: 'reason', message: 'Informe o motivo do bloqueio' }],
    });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(associateTitles)
      .set({ blocked: change.blocked, blockedReason: reason, updatedAt: new Date() })
      .where(and(eq(associateTitles.id, id), inArray(associateTitles.companyId, [...companyIds])))
      .returning({ ...titleColumns, companyId: associateTitles.companyId });
    if (!row) throw new AppError('TitleNotFound');
    await recordAudit(tx, {
      companyId: row.companyId,
      actorUserId: change.actorUserId,
      action: change.blocked ? 'associate-title.block' : 'associate-title.unblock',
      entityType: 'associate-title',
      entityId: row.id,
      data: { reason: change.reason?.trim() || null },
    });
    const { companyId: _companyId, ...title } = row;
    return title;
  });
}
