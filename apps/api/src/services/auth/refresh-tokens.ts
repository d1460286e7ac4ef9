import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { refreshTokens, type Database } from '@clube/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

export const refreshTokenTtlDays = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a refresh token (the first of a new family unless `familyId` is given). */
export async function issueRefreshToken(
  db: Database,
  userId: string,
  familyId: string = randomUUID(),
): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(refreshTokens)
    .values({
      userId,
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

/**
 * Exchanges a refresh token for a new one of the same family. A token presented after it was
 * rotated (or revoked) is a sign of theft: the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  token: string,
): Promise<{ userId: string; token: string }> {
  const expired = new AppError('RefreshTokenExpired');
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    // A members' portal token is not a staff session: unknown here, like a made-up one.
    if (!current || current.userId === null) return { kind: 'unknown' as const };
    if (current.revokedAt || current.replacedById) {
      await revokeFamily(tx, current.familyId);
      return { kind: 'reused' as const };
    }
    if (current.expiresAt.getTime() <= Date.now()) return { kind: 'expired' as const };
    const next = await issueRefreshToken(tx, current.userId, current.familyId);
    await tx
      .update(refreshTokens)
      .set({ replacedById: next.id })
      .where(eq(refreshTokens.id, current.id));
    return { kind: 'rotated' as const, userId: current.userId, token: next.token };
  });
  if (outcome.kind !== 'rotated') throw expired;
  return { userId: outcome.userId, token: outcome.token };
}

/** Logout: the token's whole family stops working. Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Database, token: string): Promise<void> {
  const [current] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (current) await revokeFamily(db, current.familyId);
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
