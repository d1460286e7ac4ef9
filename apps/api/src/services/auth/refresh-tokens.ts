import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { refreshTokens, type Database } from '@clube/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

export const refreshTokenTtlDays = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whose session: a staff account, or a club membership on the members' portal. */
export type SessionOwner = { userId: string } | { associateId: string };

/** The realm of a session: staff (back office) or associate (members' portal). */
export type Realm = 'staff' | 'associate';

/** Creates a refresh token (the first of a new family unless `familyId` is given). */
export async function issueRefreshToken(
  db: Database,
  owner: SessionOwner,
  familyId: string = randomUUID(),
): Promise<{ token: string; id: string }> {
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

async function revokeFamily(db: Database, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

const ownerOf = (row: { userId: string | null; associateId: string | null }, realm: Realm) =>
  realm === 'staff' ? row.userId : row.associateId;

/**
 * Exchanges a refresh token of `realm` for a new one of the same family. A token presented after
 * it was rotated (or revoked) is a sign of theft: the whole family is revoked. A token of the
 * other realm is unknown here, like a made-up one: a portal session never becomes a staff one.
 */
async function rotate(
  db: Database,
  token: string,
  realm: Realm,
): Promise<{ ownerId: string; token: string }> {
  const expired = new AppError('RefreshTokenExpired');
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    const ownerId = current && ownerOf(current, realm);
    if (!current || !ownerId) return { kind: 'unknown' as const };
    if (current.revokedAt || current.replacedById) {
      await revokeFamily(tx, current.familyId);
      return { kind: 'reused' as const };
    }
    if (current.expiresAt.getTime() <= Date.now()) return { kind: 'expired' as const };
    const owner: SessionOwner = realm === 'staff' ? { userId: ownerId } : { associateId: ownerId };
    const next = await issueRefreshToken(tx, owner, current.familyId);
    await tx
      .update(refreshTokens)
      .set({ replacedById: next.id })
      .where(eq(refreshTokens.id, current.id));
    return { kind: 'rotated' as const, ownerId, token: next.token };
  });
  if (outcome.kind !== 'rotated') throw expired;
  return { ownerId: outcome.ownerId, token: outcome.token };
}

/** Rotates a staff session's refresh token. */
export async function rotateRefreshToken(
  db: Database,
  token: string,
): Promise<{ userId: string; token: string }> {
  const rotated = await rotate(db, token, 'staff');
  return { userId: rotated.ownerId, token: rotated.token };
}

/** Rotates a members' portal session's refresh token. */
export async function rotatePortalRefreshToken(
  db: Database,
  token: string,
): Promise<{ associateId: string; token: string }> {
  const rotated = await rotate(db, token, 'associate');
  return { associateId: rotated.ownerId, token: rotated.token };
}

/**
 * Logout: the token's whole family stops working. Unknown tokens, and tokens of the other realm,
 * are ignored.
 */
export async function revokeRefreshToken(
  db: Database,
  token: string,
  realm: Realm = 'staff',
): Promise<void> {
  const [current] = await db
    .select({
      familyId: refreshTokens.familyId,
      userId: refreshTokens.userId,
      associateId: refreshTokens.associateId,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (current && ownerOf(current, realm)) await revokeFamily(db, current.familyId);
}

/** After a password change every session of the user ends. */
export async function revokeAllRefreshTokensOfUser(db: Database, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** After staff set a member's portal password every portal session of that membership ends. */
export async function revokeAllRefreshTokensOfAssociate(
  db: Database,
  associateId: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.associateId, associateId), isNull(refreshTokens.revokedAt)));
}
