import { associates, type Database } from '@clube/db';
import type { updateAssociateBodySchema } from '@clube/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';

export type UpdateAssociateOptions = {
  actorUserId: string;
  /** The caller's clubs: a member of any other answers as missing. */
  companyIds: ReadonlySet<string>;
  id: string;
} & z.output<typeof updateAssociateBodySchema>;

type Fields = z.output<typeof updateAssociateBodySchema>;
const fieldNames = ['name', 'email', 'phone'] as const satisfies ReadonlyArray<keyof Fields>;

/**
 * Changes a member's name, e-mail and phone (the import's rules, by the shared schemas). Audited
 * as `associate.update` with the changed fields before and after; a change of nothing writes
 * nothing.
 */
export async function updateAssociate(db: Database, options: UpdateAssociateOptions) {
  const { id, companyIds, actorUserId, ...change } = options;
  if (companyIds.size === 0) throw new AppError('AssociateNotFound');
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        companyId: associates.companyId,
        name: associates.name,
        email: associates.email,
        phone: associates.phone,
      })
      .from(associates)
      .where(and(eq(associates.id, id), inArray(associates.companyId, [...companyIds])))
      .for('update');
    if (!current) throw new AppError('AssociateNotFound');
    const changed = fieldNames.filter((field) => current[field] !== change[field]);
    if (changed.length === 0) return;
    const before = Object.fromEntries(changed.map((field) => [field, current[field]]));
    const after = Object.fromEntries(changed.map((field) => [field, change[field]]));
    await tx
      .update(associates)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(associates.id, id));
    await recordAudit(tx, {
      companyId: current.companyId,
      actorUserId,
      action: 'associate.update',
      entityType: 'associate',
      entityId: id,
      associateId: id,
      data: { before, after },
    });
  });
}
