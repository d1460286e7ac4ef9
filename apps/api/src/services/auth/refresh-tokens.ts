import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { companyStaff, refreshTokens, type Database } from '@clube/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { advanceSessionVersion, lockSessionVersion, type SessionOwner } from './session-version';

export type { SessionOwner } from './session-version';

export const refreshTokenTtlDays = 30;

/**
 * Seconds after a token's rotation during which presenting it again is taken for a second tab of
 * the same browser refreshing at the same moment, not for theft. The price: a thief presenting a
 * stolen token within those seconds also gets a session, but in the same family, which ends with
 * it at the next reuse past the grace, a logout or a password change.
 */
export const refreshReuseGraceSeconds = 10;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The realm of a session: staff (back office) or associate (members' portal). */
export type Realm = 'staff' | 'associate';

export type IssueRefreshTokenOptions = SessionOwner & { familyId?: string };

/** Creates a refresh token (the first of a new family unless `familyId` is given). */
export async function issueRefreshToken(
  db: Database,
  options: IssueRefreshTokenOptions,
): Promise<{ token: string; id: string }> {
  const { familyId = randomUUID(), ...owner } = options;
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(refreshTokens)
    .values({
      ...owner,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(days => ${refreshTokenTtlDays})`,
    })
    .returning({ id: refreshTokens.id });
  return { token, id: row!.id };
}

/** Revokes the tokens of a family still in use; answers whether there was any. */
async function revokeFamily(db: Database, familyId: string): Promise<boolean> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return revoked.length > 0;
}

const ownerIn = (row: { userId: string | null; associateId: string | null }): SessionOwner =>
  row.userId !== null ? { userId: row.userId } : { associateId: row.associateId! };

const ownerOf = (row: { userId: string | null; associateId: string | null }, realm: Realm) =>
  realm === 'staff' ? row.userId : row.associateId;

/**
 * Exchanges a refresh token of `realm` for a new one of the same family, with the session version
 * its access token must carry. A token presented after it was rotated (or revoked) is a sign of
 * theft: the whole family is revoked, unless it was rotated less than `refreshReuseGraceSeconds`
 * ago (two tabs refreshing together), and when that revoked anything the owner's access tokens
 * end too (the thief may hold one). A token of the other realm is unknown here, like a made-up
 * one: a portal session never becomes a staff one. A person who is no longer staff of any club
 * gets no new staff session, and every one of their refresh tokens is revoked.
 */
async function rotate(
  db: Database,
  token: string,
  realm: Realm,
): Promise<{ ownerId: string; token: string; sessionVersion: number }> {
  const expired = new AppError('RefreshTokenExpired');
  const tokenHash = hashToken(token);
  const outcome = await db.transaction(async (tx) => {
    // The owner's row first, then the token's (the order of lockSessionVersion).
    const [named] = await tx
      .select({ userId: refreshTokens.userId, associateId: refreshTokens.associateId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!named || !ownerOf(named, realm)) return { kind: 'unknown' as const };
    const sessionVersion = await lockSessionVersion(tx, ownerIn(named));
    if (sessionVersion === undefined) return { kind: 'unknown' as const };
    const [current] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    const ownerId = current && ownerOf(current, realm);
    if (!current || !ownerId) return { kind: 'unknown' as const };
    const reused =
      current.revokedAt !== null ||
      (current.replacedById !== null && !(await rotatedWithinGrace(tx, current.replacedById)));
    if (reused) {
      if (await revokeFamily(tx, current.familyId)) {
        await advanceSessionVersion(tx, ownerIn(current));
      }
      return { kind: 'reused' as const };
    }
    if (current.expiresAt.getTime() <= Date.now()) return { kind: 'expired' as const };
    if (realm === 'staff') {
      const [staff] = await tx
        .select({ userId: companyStaff.userId })
        .from(companyStaff)
        .where(eq(companyStaff.userId, ownerId))
        .limit(1);
      if (!staff) {
        await revokeAllRefreshTokensOfUser(tx, { userId: ownerId });
        return { kind: 'not-staff' as const };
      }
    }
    const owner: SessionOwner = realm === 'staff' ? { userId: ownerId } : { associateId: ownerId };
    const next = await issueRefreshToken(tx, { ...owner, familyId: current.familyId });
    // Within the grace period the token was already rotated: its successor went to the other tab,
    // and only its hash is stored, so it cannot be handed out again. This tab gets a sibling in
    // the same family instead; `replacedById` keeps pointing at the first successor, so the
    // rotation time (and the end of the grace) does not move, and any later reuse still revokes
    // the family, siblings included.
    if (current.replacedById === null) {
      await tx
        .update(refreshTokens)
        .set({ replacedById: next.id })
        .where(eq(refreshTokens.id, current.id));
    }
    return { kind: 'rotated' as const, ownerId, token: next.token, sessionVersion };
  });
  if (outcome.kind !== 'rotated') throw expired;
  return { ownerId: outcome.ownerId, token: outcome.token, sessionVersion: outcome.sessionVersion };
}

/** Whether the token that replaced another was issued less than the grace period ago. */
async function rotatedWithinGrace(db: Database, successorId: string): Promise<boolean> {
  // Compared in the database, on the clock that stamped `created_at`.
  const [successor] = await db
    .select({
      withinGrace: sql<boolean>`${refreshTokens.createdAt} > now() - make_interval(secs => ${refreshReuseGraceSeconds})`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, successorId));
  return successor?.withinGrace === true;
}

/** Rotates a staff session's refresh token. */
export async function rotateRefreshToken(
  db: Database,
  options: { token: string },
): Promise<{ userId: string; token: string; sessionVersion: number }> {
  const { ownerId, ...rotated } = await rotate(db, options.token, 'staff');
  return { userId: ownerId, ...rotated };
}

/** Rotates a members' portal session's refresh token. */
export async function rotatePortalRefreshToken(
  db: Database,
  options: { token: string },
): Promise<{ associateId: string; token: string; sessionVersion: number }> {
  const { ownerId, ...rotated } = await rotate(db, options.token, 'associate');
  return { associateId: ownerId, ...rotated };
}

/**
 * Logout: the token's whole family stops working, and so do the owner's access tokens, on their
 * next request (the session version moves on). The owner's other devices keep their refresh
 * tokens: their next request answers 401 and they renew their access token once, unnoticed.
 * Unknown tokens, tokens of the other realm and families already ended change nothing, so an
 * old refresh token cannot be replayed to keep someone's devices refreshing.
 */
export async function revokeRefreshToken(
  db: Database,
  options: { token: string; realm?: Realm },
): Promise<void> {
  const { token, realm = 'staff' } = options;
  const [current] = await db
    .select({
      familyId: refreshTokens.familyId,
      userId: refreshTokens.userId,
      associateId: refreshTokens.associateId,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!current || !ownerOf(current, realm)) return;
  await db.transaction(async (tx) => {
    // The owner's row before the family's tokens: the lock order of lockSessionVersion.
    if ((await lockSessionVersion(tx, ownerIn(current))) === undefined) return;
    if (await revokeFamily(tx, current.familyId)) await advanceSessionVersion(tx, ownerIn(current));
  });
}

/** After a password change every session of the user ends. */
export async function revokeAllRefreshTokensOfUser(
  db: Database,
  options: { userId: string },
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, options.userId), isNull(refreshTokens.revokedAt)));
}

/** After staff set a member's portal password every portal session of that membership ends. */
export async function revokeAllRefreshTokensOfAssociate(
  db: Database,
  options: { associateId: string },
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(refreshTokens.associateId, options.associateId), isNull(refreshTokens.revokedAt)),
    );
}
