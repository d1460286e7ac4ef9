import { associateTitles, titleSuspensions, type Database } from '@clube/db';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Staff } from '../../types';

export type LiftTitleSuspensionOptions = { staff: Staff; associateTitleId: string; now?: Date };

/**
 * Staff end a title's current suspension early (e.g. the family explained the absences). The
 * row stays, with who lifted it and when, so the associate's page keeps the history.
 */
export async function liftTitleSuspension(db: Database, options: LiftTitleSuspensionOptions) {
  const { staff, associateTitleId } = options;
  const now = options.now ?? new Date();
  if (staff.companyIds.size === 0) throw new AppError('TitleNotFound');
  return db.transaction(async (tx) => {
    const [title] = await tx
      .select({ id: associateTitles.id, companyId: associateTitles.companyId })
      .from(associateTitles)
      .where(
        and(
          eq(associateTitles.id, associateTitleId),
          inArray(associateTitles.companyId, [...staff.companyIds]),
        ),
      )
      .for('update');
    if (!title) throw new AppError('TitleNotFound');
    const lifted = await tx
      .update(titleSuspensions)
      .set({ liftedAt: now, liftedBy: staff.userId })
      .where(
        and(
          eq(titleSuspensions.associateTitleId, associateTitleId),
          isNull(titleSuspensions.liftedAt),
          gt(titleSuspensions.endsAt, now),
        ),
      )
      .returning({ id: titleSuspensions.id, endsAt: titleSuspensions.endsAt });
    if (lifted.length === 0) throw new AppError('SuspensionNotFound');
    await recordAudit(tx, {
      companyId: title.companyId,
      actorUserId: staff.userId,
      action: 'associate-title.lift-suspension',
      entityType: 'associate-title',
      entityId: associateTitleId,
      data: { suspensionIds: lifted.map((row) => row.id) },
    });
    return { lifted: lifted.length };
  });
}
