import type { Database } from '@clube/db';
import {
  revokeAllRefreshTokensOfAssociate,
  revokeAllRefreshTokensOfUser,
  type SessionOwner,
} from './refresh-tokens';

/**
 * Ends every session of a person in one realm (a staff account, or one club membership on the
 * portal): used when a password is chosen through an access link. Call it inside the transaction
 * that changes the password.
 */
export async function endSessionsInRealm(db: Database, options: SessionOwner): Promise<void> {
  if ('userId' in options) await revokeAllRefreshTokensOfUser(db, { userId: options.userId });
  else await revokeAllRefreshTokensOfAssociate(db, { associateId: options.associateId });
}
