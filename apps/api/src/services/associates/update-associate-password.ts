import { associates, users, type Database } from '@clube/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/password';
import { revokeAllRefreshTokensOfUser } from '../auth/refresh-tokens';

/**
 * Sets an associate's password (argon2id). Every open session of that person ends. The audit
 * trail records that it happened, never the password.
 */
export async function updateAssociatePassword(
  db: Database,
  input: { associateId: string; newPassword: string; actorUserId: string },
  companyIds: ReadonlySet<string>,
): Promise<void> {
  if (companyIds.size === 0) throw new AppError('AssociateNotFound');
  const [associate] = await db
    .select({ id: associates.id, userId: associates.userId, companyId: associates.companyId })
    .from(associates)
    .where(
      and(eq(associates.id, input.associateId), inArray(associates.companyId, [...companyIds])),
    );
  if (!associate) throw new AppError('AssociateNotFound');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, associate.userId));
    await revokeAllRefreshTokensOfUser(tx, associate.userId);
    await recordAudit(tx, {
      companyId: associate.companyId,
      actorUserId: input.actorUserId,
      action: 'associate.update-password',
      entityType: 'associate',
      entityId: associate.id,
    });
  });
}
