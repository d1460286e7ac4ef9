import { accountLinks, companyStaff, staffInvitations, users, type Database } from '@clube/db';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { verifyPassword } from '../../lib/password';
import { hashAccessToken } from '../account-links/issue-access-link';
import { endAllSessions } from '../auth/end-all-sessions';
import { invitationOf, lockClubStaff } from './staff-rows';

/** The credentials an invitation's proof alone establishes (see acceptStaffInvitation). */
export type NewCredentials = {
  passwordHash: string;
  mustChangePassword: boolean;
  /** The address the link went to (it reached the person); null for a one-time password. */
  email: string | null;
};

export type AcceptStaffInvitationOptions = {
  companyId: string;
  userId: string;
  /** The club's proof: its link's token (spent here), or its one-time password (checked before). */
  proof: { linkToken: string } | 'one-time-password';
  /**
   * Set when the club's proof alone accepts (the person did not sign in with a password of the
   * account): the account's password, e-mail and name become the ones this proof brings, every
   * session ends and every password link dies. Refused (`StaffInvitationNeedsPassword`) while the
   * account opens another club: that club's access stays with whoever holds the password.
   */
  newCredentials?: NewCredentials;
};

/**
 * The person accepts a club's invitation, in the caller's transaction: the membership opens with
 * the invited role, and the invitation, its links and its one-time password are gone. Answers the
 * session version after a reset (`newCredentials`), for the session that starts with it.
 */
export async function acceptStaffInvitation(
  tx: Database,
  options: AcceptStaffInvitationOptions,
): Promise<{ sessionVersion: number | null }> {
  const { companyId, userId, newCredentials } = options;
  await lockClubStaff(tx, { companyId });
  const [invitation] = await tx
    .select()
    .from(staffInvitations)
    .where(invitationOf(companyId, userId))
    .for('update');
  if (!invitation) throw new AppError('StaffInvitationInvalid');
  const { proof } = options;
  if (proof !== 'one-time-password') {
    // Spent under the club's lock, so a removal cannot revoke it halfway.
    const spent = await spendInvitationLink(tx, { userId, companyId, token: proof.linkToken });
    if (!spent) throw new AppError('StaffInvitationInvalid');
  }
  let sessionVersion: number | null = null;
  if (newCredentials) {
    const [open] = await tx
      .select({ companyId: companyStaff.companyId })
      .from(companyStaff)
      .where(eq(companyStaff.userId, userId))
      .limit(1);
    if (open) throw new AppError('StaffInvitationNeedsPassword');
    await tx
      .update(users)
      .set({ ...newCredentials, name: invitation.name, updatedAt: new Date() })
      .where(eq(users.id, userId));
    ({ sessionVersion } = await endAllSessions(tx, { userId }));
    // Password links went to the address the account had before.
    await revokeLiveLinks(tx, { userId, companyId: null });
  }
  await tx.insert(companyStaff).values({ companyId, userId, role: invitation.role });
  await tx.delete(staffInvitations).where(invitationOf(companyId, userId));
  await revokeLiveLinks(tx, { userId, companyId });
  await recordAudit(tx, {
    companyId,
    actorUserId: userId,
    action: 'staff.accept',
    entityType: 'user',
    entityId: userId,
    data: {
      role: invitation.role,
      proof: proof === 'one-time-password' ? proof : 'link',
      newPassword: Boolean(newCredentials),
    },
  });
  return { sessionVersion };
}

/**
 * Revokes a staff account's live links: a club's invitation links (`companyId`), or its password
 * links (`companyId: null`).
 */
export async function revokeLiveLinks(
  tx: Database,
  options: { userId: string; companyId: string | null },
): Promise<void> {
  await tx
    .update(accountLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(accountLinks.userId, options.userId),
        options.companyId === null
          ? isNull(accountLinks.companyId)
          : eq(accountLinks.companyId, options.companyId),
        isNull(accountLinks.usedAt),
        isNull(accountLinks.revokedAt),
      ),
    );
}

/**
 * The club whose pending invitation of `userId` the one-time password `password` opens, or null.
 * Each candidate costs a password check; a person has few invitations at once.
 */
export async function findInvitationByOneTimePassword(
  db: Database,
  options: { userId: string; password: string },
): Promise<string | null> {
  const candidates = await db
    .select({
      companyId: staffInvitations.companyId,
      hash: staffInvitations.oneTimePasswordHash,
    })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.userId, options.userId),
        isNotNull(staffInvitations.oneTimePasswordHash),
      ),
    );
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.hash!, options.password)) return candidate.companyId;
  }
  return null;
}

const liveInvitationLink = (options: { userId: string; token: string }) =>
  and(
    eq(accountLinks.tokenHash, hashAccessToken(options.token)),
    eq(accountLinks.userId, options.userId),
    isNotNull(accountLinks.companyId),
    isNull(accountLinks.usedAt),
    isNull(accountLinks.revokedAt),
    gt(accountLinks.expiresAt, sql`now()`),
  );

/** The club whose live invitation link of `userId` the token is, or null (nothing is locked). */
export async function findInvitationByLink(
  db: Database,
  options: { userId: string; token: string },
): Promise<string | null> {
  const [link] = await db
    .select({ companyId: accountLinks.companyId })
    .from(accountLinks)
    .where(liveInvitationLink(options));
  return link?.companyId ?? null;
}

/** Spends a live invitation link of the club; answers whether there was one. */
async function spendInvitationLink(
  tx: Database,
  options: { userId: string; companyId: string; token: string },
): Promise<boolean> {
  const spent = await tx
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(and(liveInvitationLink(options), eq(accountLinks.companyId, options.companyId)))
    .returning({ id: accountLinks.id });
  return spent.length > 0;
}
