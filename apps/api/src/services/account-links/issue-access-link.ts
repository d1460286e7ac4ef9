import { createHash, randomBytes } from 'node:crypto';
import { accountLinks, type Database } from '@clube/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SessionOwner } from '../auth/refresh-tokens';

/** Minutes a password link asked for on a sign-in page stays valid. */
export const accessLinkTtlMinutes = 30;

/**
 * Minutes a staff invitation stays valid: 7 days. Nobody asked for it at that moment, so it must
 * outlast a weekend away from the mailbox; the person can still ask for a fresh link afterwards
 * (Esqueci minha senha), which revokes it.
 */
export const staffInvitationTtlMinutes = 7 * 24 * 60;

export const hashAccessToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type AccessLinkPurpose = 'first-access' | 'reset' | 'invitation' | 'staff-invitation';

/** Minutes a link of `purpose` stays valid. */
export const accessLinkTtlMinutesOf = (purpose: AccessLinkPurpose) =>
  purpose === 'staff-invitation' ? staffInvitationTtlMinutes : accessLinkTtlMinutes;

export type IssueAccessLinkOptions = {
  owner: SessionOwner;
  purpose: AccessLinkPurpose;
  /** The club whose staff invitation the link carries (staff invitations only). */
  companyId?: string;
};

/**
 * A new single-use link for a staff account or a membership, in the caller's transaction: the
 * person's earlier links of the same kind die with it — a club's invitation replaces that club's
 * earlier one, a password link the account's earlier password links. Answers the token (256
 * random bits); only its hash is kept.
 */
export async function issueAccessLink(
  db: Database,
  options: IssueAccessLinkOptions,
): Promise<string> {
  const { owner, purpose, companyId = null } = options;
  const ownerColumn =
    'userId' in owner
      ? eq(accountLinks.userId, owner.userId)
      : eq(accountLinks.associateId, owner.associateId);
  await db
    .update(accountLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        ownerColumn,
        companyId === null ? isNull(accountLinks.companyId) : eq(accountLinks.companyId, companyId),
        isNull(accountLinks.usedAt),
        isNull(accountLinks.revokedAt),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountLinks).values({
    ...owner,
    companyId,
    purpose,
    tokenHash: hashAccessToken(token),
    expiresAt: sql`now() + make_interval(mins => ${accessLinkTtlMinutesOf(purpose)})`,
  });
  return token;
}
