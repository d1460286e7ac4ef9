import { associates, type Database } from '@clube/db';
import type { PortalChangePasswordBody } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Member } from '../../types';
import { changePasswordLimits } from '../auth/change-own-password';
import { throttle } from '../auth/login';
import { endAllSessions } from '../auth/end-all-sessions';
import { issueRefreshToken } from '../auth/refresh-tokens';

export type ChangeMemberPasswordOptions = {
  member: Member;
  rateLimiter: RateLimiter;
} & PortalChangePasswordBody;

/**
 * A member changes the portal password of their membership. A stolen access token alone is not
 * enough: the current password is required, and wrong guesses are throttled. Every session of
 * the membership ends, access tokens included (other devices are signed out), and a new one is
 * returned with the new session version, so the device that made the change stays signed in. Other clubs' memberships of the same CPF keep theirs.
 */
export async function changeMemberPassword(db: Database, options: ChangeMemberPasswordOptions) {
  const { rateLimiter, member } = options;
  const keys = [
    { key: `portal-password:associate:${member.associateId}`, limit: changePasswordLimits.perUser },
  ];
  await throttle(rateLimiter, keys);

  const [row] = await db
    .select({ passwordHash: associates.passwordHash })
    .from(associates)
    .where(eq(associates.id, member.associateId));
  if (!row) throw new AppError('Unauthorized');
  const isCurrentPassword =
    row.passwordHash !== null && (await verifyPassword(row.passwordHash, options.currentPassword));
  if (!isCurrentPassword) throw new AppError('InvalidOldPassword');

  await Promise.all(keys.map(({ key }) => rateLimiter.refund(key)));
  const passwordHash = await hashPassword(options.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(associates)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(associates.id, member.associateId));
    const { sessionVersion } = await endAllSessions(tx, { associateId: member.associateId });
    const { token } = await issueRefreshToken(tx, { associateId: member.associateId });
    await recordAudit(tx, {
      companyId: member.companyId,
      actorUserId: null,
      actorAssociateId: member.associateId,
      action: 'associate.change-own-password',
      entityType: 'associate',
      entityId: member.associateId,
      associateId: member.associateId,
    });
    return { refreshToken: token, sessionVersion };
  });
}
