import { accountLinks, associates, staffInvitations, users, type Database } from '@clube/db';
import type { RedeemAccessLinkBody } from '@clube/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { endAllSessions } from '../auth/end-all-sessions';
import { throttle, type AddressLimit } from '../auth/login';
import { issueRefreshToken } from '../auth/refresh-tokens';
import { acceptStaffInvitation } from '../staff/accept-staff-invitation';
import { invitationOf } from '../staff/staff-rows';
import { hashAccessToken } from './issue-access-link';

/** Link redemptions per client address and window: each one hashes a password. */
export const redeemLimits = { perAddress: 30 } as const;

export type RedeemAccessLinkOptions = RedeemAccessLinkBody & {
  realm: 'staff' | 'associate';
  address: string;
  rateLimiter: RateLimiter;
};

/**
 * Sets the password of the link's owner, spends the link, ends the owner's other sessions in that
 * realm and opens a new one, all in one transaction: a link used twice at once works once. A
 * link that is unknown, used, revoked by a newer one, expired, or of the other realm is refused
 * alike (`AccessLinkInvalid`).
 */
export const redeemAddressLimit = (address: string): AddressLimit => ({
  key: `access-link-redeem:addr:${address}`,
  limit: redeemLimits.perAddress,
});

export async function redeemAccessLink(
  db: Database,
  options: RedeemAccessLinkOptions,
): Promise<{ ownerId: string; refreshToken: string; sessionVersion: number }> {
  await throttle(options.rateLimiter, [redeemAddressLimit(options.address)]);
  const live = and(
    eq(accountLinks.tokenHash, hashAccessToken(options.token)),
    isNull(accountLinks.usedAt),
    isNull(accountLinks.revokedAt),
    gt(accountLinks.expiresAt, sql`now()`),
  );
  // A dead link is refused before the password is hashed (the costly part); the transaction
  // checks again under the row's lock, so two uses at once still spend it once.
  const [candidate] = await db
    .select({ userId: accountLinks.userId, companyId: accountLinks.companyId })
    .from(accountLinks)
    .where(live);
  if (!candidate) throw new AppError('AccessLinkInvalid');
  const passwordHash = await hashPassword(options.newPassword);
  if (options.realm === 'staff' && candidate.userId && candidate.companyId) {
    return acceptInvitationByLink(db, {
      userId: candidate.userId,
      companyId: candidate.companyId,
      token: options.token,
      passwordHash,
    });
  }
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(accountLinks).where(live).for('update');
    const ownerId = options.realm === 'staff' ? link?.userId : link?.associateId;
    // An invitation link made live meanwhile? No: a link's club never changes; this is a race lost.
    if (!link || !ownerId || link.companyId !== null) throw new AppError('AccessLinkInvalid');
    await tx
      .update(accountLinks)
      .set({ usedAt: sql`now()` })
      .where(eq(accountLinks.id, link.id));
    if (options.realm === 'staff') {
      await tx
        .update(users)
        // A password chosen by the person replaces a one-time password too.
        .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
        .where(eq(users.id, ownerId));
      const { sessionVersion } = await endAllSessions(tx, { userId: ownerId });
      const { token } = await issueRefreshToken(tx, { userId: ownerId });
      await recordAudit(tx, {
        companyId: null,
        actorUserId: ownerId,
        action: 'user.set-password-by-link',
        entityType: 'user',
        entityId: ownerId,
        data: { purpose: link.purpose },
      });
      return { ownerId, refreshToken: token, sessionVersion };
    }
    const [membership] = await tx
      .update(associates)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(associates.id, ownerId))
      .returning({ companyId: associates.companyId });
    const { sessionVersion } = await endAllSessions(tx, { associateId: ownerId });
    const { token } = await issueRefreshToken(tx, { associateId: ownerId });
    await recordAudit(tx, {
      companyId: membership!.companyId,
      actorUserId: null,
      actorAssociateId: ownerId,
      action: 'associate.set-password-by-link',
      entityType: 'associate',
      entityId: ownerId,
      data: { purpose: link.purpose },
    });
    return { ownerId, refreshToken: token, sessionVersion };
  });
}

/**
 * A club's staff invitation by its link alone: the address it went to reached the person, who
 * chooses the account's password here (acceptStaffInvitation with new credentials: refused while
 * the account opens another club, `StaffInvitationNeedsPassword`, the link left unspent).
 */
async function acceptInvitationByLink(
  db: Database,
  options: { userId: string; companyId: string; token: string; passwordHash: string },
): Promise<{ ownerId: string; refreshToken: string; sessionVersion: number }> {
  const { userId, companyId } = options;
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ email: staffInvitations.email })
      .from(staffInvitations)
      .where(invitationOf(companyId, userId));
    if (!invitation) throw new AppError('AccessLinkInvalid');
    const { sessionVersion } = await acceptStaffInvitation(tx, {
      companyId,
      userId,
      proof: { linkToken: options.token },
      newCredentials: {
        passwordHash: options.passwordHash,
        mustChangePassword: false,
        email: invitation.email,
      },
    });
    const { token } = await issueRefreshToken(tx, { userId });
    return { ownerId: userId, refreshToken: token, sessionVersion: sessionVersion! };
  });
}
