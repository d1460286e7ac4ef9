import { companyStaff, staffInvitations, users, type Database } from '@clube/db';
import type { staffLoginBodySchema } from '@clube/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordStaffAccountEvent } from '../../lib/audit';
import { decoyPasswordHash, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import {
  acceptStaffInvitation,
  findInvitationByLink,
  findInvitationByOneTimePassword,
} from '../staff/accept-staff-invitation';
import { invitationOf } from '../staff/staff-rows';
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

export type LoginOptions = z.output<typeof staffLoginBodySchema> & {
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

/** What a sign-in answers about the account, and whether it opens any club. */
const accountColumns = {
  id: users.id,
  name: users.name,
  cpf: users.cpf,
  sessionVersion: users.sessionVersion,
  mustChangePassword: users.mustChangePassword,
  isStaff: sql<boolean>`exists (select 1 from ${companyStaff} where ${companyStaff.userId} = ${users.id})`,
};

/**
 * Checks a staff member's cpf and password. Unknown cpf, wrong password and a user who is staff of
 * no club all answer the same 401. Every attempt counts against the cpf at this address, the cpf
 * and the address; a successful one is taken back, so only failures accumulate.
 *
 * A club's invitation is accepted here too (docs/domain.md, Staff): with the account's own
 * password and the invitation (`invitation`: the link's token or the club's one-time password),
 * or with the club's one-time password alone in place of the password — which then becomes the
 * account's password, to be changed, and ends every other session (refused while the account
 * opens another club).
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
    .select({ passwordHash: users.passwordHash, ...accountColumns })
    .from(users)
    .where(eq(users.cpf, input.cpf));

  const passwordHash = user?.passwordHash ?? (await decoyPasswordHash());
  const passwordMatches =
    (await verifyPassword(passwordHash, input.password)) && Boolean(user?.passwordHash);
  const invitedBy =
    user && !passwordMatches
      ? await findInvitationByOneTimePassword(db, { userId: user.id, password: input.password })
      : null;
  if (!user || (!passwordMatches && invitedBy === null)) throw new AppError('InvalidCredentials');

  const accepted = await acceptInvitationOnSignIn(db, {
    userId: user.id,
    invitedBy,
    invitation: passwordMatches ? input.invitation : undefined,
  });

  // An accepted invitation changed what the first read saw.
  const [account] = accepted
    ? await db.select(accountColumns).from(users).where(eq(users.id, user.id))
    : [user];
  // Staff of no club that opened: a pending invitation opens nothing until it is accepted.
  if (!account?.isStaff) throw new AppError('InvalidCredentials');

  await Promise.all(keys.map(({ key }) => rateLimiter.refund(key)));
  const { token } = await issueRefreshToken(db, { userId: user.id });
  // Recorded in the clubs the person opens, not in those that only invited them.
  await recordStaffAccountEvent(db, {
    userId: user.id,
    actorUserId: user.id,
    action: 'staff.sign-in',
  });
  const { name, cpf, mustChangePassword } = account;
  return {
    user: { id: user.id, name, cpf, mustChangePassword },
    refreshToken: token,
    sessionVersion: accepted?.sessionVersion ?? account.sessionVersion,
  };
}

/**
 * The invitation a sign-in accepts, if any: the one the one-time password alone opened
 * (`invitedBy`: the password becomes the account's), or the one named by `invitation` beside the
 * account's own password.
 */
async function acceptInvitationOnSignIn(
  db: Database,
  options: { userId: string; invitedBy: string | null; invitation: string | undefined },
): Promise<{ sessionVersion: number | null } | null> {
  const { userId, invitedBy, invitation } = options;
  if (invitedBy !== null) {
    return db
      .transaction(async (tx) => {
        const [row] = await tx
          .select({ hash: staffInvitations.oneTimePasswordHash })
          .from(staffInvitations)
          .where(invitationOf(invitedBy, userId));
        if (!row?.hash) throw new AppError('InvalidCredentials');
        return acceptStaffInvitation(tx, {
          companyId: invitedBy,
          userId,
          proof: 'one-time-password',
          newCredentials: { passwordHash: row.hash, mustChangePassword: true, email: null },
        });
      })
      .catch((error: unknown) => {
        // Spent meanwhile (the same code used twice at once): it is no password any more.
        if (error instanceof AppError && error.key === 'StaffInvitationInvalid') {
          throw new AppError('InvalidCredentials');
        }
        throw error;
      });
  }
  if (invitation === undefined) return null;
  const byLink = await findInvitationByLink(db, { userId, token: invitation });
  const companyId =
    byLink ?? (await findInvitationByOneTimePassword(db, { userId, password: invitation }));
  if (companyId === null) throw new AppError('StaffInvitationInvalid');
  return db.transaction((tx) =>
    acceptStaffInvitation(tx, {
      companyId,
      userId,
      proof: byLink !== null ? { linkToken: invitation } : 'one-time-password',
    }),
  );
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
