import { associates, type Database } from '@clube/db';
import type { UpdateAssociatePassword } from '@clube/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/password';
import { endAllSessions } from '../auth/end-all-sessions';

export type UpdateAssociatePasswordOptions = {
  actorUserId: string;
  /** The caller's clubs: an associate of any other answers AssociateNotFound. */
  companyIds: ReadonlySet<string>;
} & UpdateAssociatePassword;

/**
 * Sets the members' portal password of one club membership (argon2id). It is that membership's
 * alone: the same person's membership in another club and any staff login keep theirs. Every
 * open portal session of the membership ends, access tokens included. The audit trail records that it happened, never
 * the password.
 */
export async function updateAssociatePassword(
  db: Database,
  options: UpdateAssociatePasswordOptions,
): Promise<void> {
  const { companyIds } = options;
  if (companyIds.size === 0) throw new AppError('AssociateNotFound');
  const [associate] = await db
    .select({ id: associates.id, companyId: associates.companyId })
    .from(associates)
    .where(
      and(eq(associates.id, options.associateId), inArray(associates.companyId, [...companyIds])),
    );
  if (!associate) throw new AppError('AssociateNotFound');
  const passwordHash = await hashPassword(options.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(associates)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(associates.id, associate.id));
    await endAllSessions(tx, { associateId: associate.id });
    await recordAudit(tx, {
      companyId: associate.companyId,
      actorUserId: options.actorUserId,
      action: 'associate.update-password',
      entityType: 'associate',
      entityId: associate.id,
      associateId: associate.id,
    });
  });
}
