import { companyStaff, users, type Database } from '@clube/db';
import type { loginBodySchema } from '@clube/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordStaffAccountEvent } from '../../lib/audit';
import { decoyPasswordHash, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { issueRefreshToken } from './refresh-tokens';

/**
 * Failed attempts allowed per window before login answers 429 (the policy of docs/reliability.md,
 * "Login limits"). A guesser at one address is stopped after `perCpfAndAddress` tries at one cpf,
 * without locking the owner of that cpf out at their own address; `perCpf` stops guessing spread
 * over many addresses, and `perAddress` one address trying many cpfs.
 */
export const loginLimits = {
  windowSeconds: 15 * 60,
  perCpfAndAddress: 5,
  perCpf: 50,
  perAddress: 30,
} as const;

/** An address's limit of attempts of a kind, checked again before a request's body is read. */
export type AddressLimit = { key: string; limit: number };

export const staffLoginAddressLimit = (address: string): AddressLimit => ({
  key: `login:addr:${address}`,
  limit: loginLimits.perAddress,
});

export type LoginOptions = z.output<typeof loginBodySchema> & {
  /** The client's address, one of the keys failed attempts count against. */
  address: string;
  rateLimiter: RateLimiter;
};

/**
 * Counts one attempt under each key; 429 once any of them is over its limit in the window. A
 * refused attempt is taken back from every key: it checked no password, so it is no guess, and
 * counting it would let one blocked address push the cpf-wide counter to its ceiling by simply
 * repeating requests, locking the owner out everywhere.
 */
export async function throttle(
  rateLimiter: RateLimiter,
  keys: Array<{ key: string; limit: number }>,
) {
  const hits = await Promise.all(
    keys.map(async ({ key, limit }) => ({
      key,
      limit,
      ...(await rateLimiter.hit(key, loginLimits.windowSeconds)),
    })),
  );
  const exceeded = hits.filter((hit) => hit.count > hit.limit);
  if (exceeded.length > 0) {
    await Promise.all(hits.map(({ key }) => rateLimiter.refund(key)));
    const retryAfterSeconds = Math.max(...exceeded.map((hit) => hit.retryAfterSeconds));
    throw new AppError('TooManyRequests', { details: { retryAfterSeconds } });
  }
}

/**
 * Checks a staff member's cpf and password. Unknown cpf, wrong password and a user who is staff of
 * no club all answer the same 401. Every attempt counts against the cpf at this address, the cpf
 * and the address; a successful one is taken back, so only failures accumulate.
 */
export async function login(
  db: Database,
  options: LoginOptions,
): Promise<{
  user: { id: string; name: string; cpf: string; mustChangePassword: boolean };
  refreshToken: string;
  sessionVersion: number;
}> {
  const { rateLimiter, ...input } = options;
  const keys = [
    { key: `login:cpf-addr:${input.cpf}:${input.address}`, limit: loginLimits.perCpfAndAddress },
    { key: `login:cpf:${input.cpf}`, limit: loginLimits.perCpf },
    staffLoginAddressLimit(input.address),
  ];
  await throttle(rateLimiter, keys);

  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      cpf: users.cpf,
      passwordHash: users.passwordHash,
      sessionVersion: users.sessionVersion,
      mustChangePassword: users.mustChangePassword,
      isStaff: sql<boolean>`exists (select 1 from ${companyStaff} where ${companyStaff.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.cpf, input.cpf));

  const passwordHash = user?.passwordHash ?? (await decoyPasswordHash());
  const passwordMatches = await verifyPassword(passwordHash, input.password);
  if (!user || !user.passwordHash || !passwordMatches || !user.isStaff) {
    throw new AppError('InvalidCredentials');
  }

  await Promise.all(keys.map(({ key }) => rateLimiter.refund(key)));
  const { token } = await issueRefreshToken(db, { userId: user.id });
  await recordStaffAccountEvent(db, {
    userId: user.id,
    actorUserId: user.id,
    action: 'staff.sign-in',
  });
  const { id, name, cpf, mustChangePassword } = user;
  return {
    user: { id, name, cpf, mustChangePassword },
    refreshToken: token,
    sessionVersion: user.sessionVersion,
  };
}

export async function findSessionUser(db: Database, options: { userId: string }) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      cpf: users.cpf,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, options.userId));
  return user;
}
