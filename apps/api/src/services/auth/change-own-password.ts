import { users, type Database } from '@clube/db';
import type { ChangeOwnPasswordBody } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordStaffAccountEvent } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { throttle } from './login';
import { endAllSessions } from './end-all-sessions';
import { issueRefreshToken } from './refresh-tokens';

/** Wrong current passwords allowed per user and window, like failed logins per cpf. */
export const changePasswordLimits = { perUser: 5 } as const;

export type ChangeOwnPasswordOptions = ChangeOwnPasswordBody & {
  userId: string;
  rateLimiter: RateLimiter;
};

/**
 * A signed-in staff member changes their own password. A stolen access token alone is not
 * enough: the current password is required, and wrong guesses are throttled. Every existing
 * session of the user ends, access tokens included (other devices are signed out), and a new one
 * is returned with the new session version, so the device that made the change stays signed in.
 */
export async function changeOwnPassword(
  db: Database,
  options: ChangeOwnPasswordOptions,
): Promise<{
  user: { id: string; name: string; cpf: string; mustChangePassword: false };
  refreshToken: string;
  sessionVersion: number;
}> {
  const { rateLimiter } = options;
  const keys = [{ key: `password:user:${options.userId}`, limit: changePasswordLimits.perUser }];
  await throttle(rateLimiter, keys);

  const [user] = await db
    .select({ id: users.id, name: users.name, cpf: users.cpf, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!user) throw new AppError('Unauthorized');
  const isCurrentPassword =
    user.passwordHash !== null &&
    (await verifyPassword(user.passwordHash, options.currentPassword));
  if (!isCurrentPassword) throw new AppError('InvalidOldPassword');

  await Promise.all(keys.map(({ key }) => rateLimiter.refund(key)));
  const passwordHash = await hashPassword(options.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      // A one-time password is replaced: the back office opens again.
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    const { sessionVersion } = await endAllSessions(tx, { userId: user.id });
    const { token } = await issueRefreshToken(tx, { userId: user.id });
    await recordStaffAccountEvent(tx, {
      userId: user.id,
      actorUserId: user.id,
      action: 'user.change-password',
    });
    return {
      user: { id: user.id, name: user.name, cpf: user.cpf, mustChangePassword: false as const },
      refreshToken: token,
      sessionVersion,
    };
  });
}
