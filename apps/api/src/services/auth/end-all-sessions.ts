import type { Database } from '@clube/db';
import { revokeAllRefreshTokensOfAssociate, revokeAllRefreshTokensOfUser } from './refresh-tokens';
import { advanceSessionVersion, type SessionOwner } from './session-version';

/**
 * Ends every session of a person in one realm: a staff account (`userId`, the back office) or a
 * club membership (`associateId`, the members' portal). Every access token already issued answers
 * 401 `Unauthorized` on its next request (the session version moves on) and every refresh token
 * is revoked, so no device can renew. Call it in the transaction that makes the change (a new
 * password, a membership ended), so both commit together. Answers the new session version, for a
 * caller that starts a fresh session in the same transaction (the device that changed its own
 * password stays signed in). The owner must exist.
 */
export async function endAllSessions(
  db: Database,
  options: SessionOwner,
): Promise<{ sessionVersion: number }> {
  // The owner's row first, then the tokens': the lock order a refresh takes too.
  const sessionVersion = await advanceSessionVersion(db, options);
  if (sessionVersion === undefined)
    throw new Error('endAllSessions: no such account or membership');
  if ('userId' in options) await revokeAllRefreshTokensOfUser(db, options);
  else await revokeAllRefreshTokensOfAssociate(db, options);
  return { sessionVersion };
}
