import { associates, companies, type Database } from '@clube/db';
import type { PortalClub, portalLoginBodySchema } from '@clube/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { decoyPasswordHash, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { loginLimits, throttle, type AddressLimit } from '../auth/login';
import { issueRefreshToken } from '../auth/refresh-tokens';
import { findPortalSession, type PortalSessionParts } from './find-portal-session';

export type LoginMemberOptions = {
  rateLimiter: RateLimiter;
  /** The client's address: attempts are also throttled per address. */
  address: string;
} & z.output<typeof portalLoginBodySchema>;

export type LoginMemberResult =
  | ({
      needsClub: false;
      refreshToken: string;
      sessionVersion: number;
      clubs: PortalClub[];
    } & PortalSessionParts)
  | { needsClub: true; clubs: PortalClub[] };

/**
 * Argon2 verifications a portal sign-in that names no club runs, whatever the number of the CPF's
 * memberships with a password (0 to this many): the missing ones are made up with a decoy hash, so
 * how long a sign-in takes does not tell anyone in how many clubs a CPF has a portal password. A
 * sign-in naming its club checks that one membership only (a decoy when it has no password): one
 * verification. Two covers a person with a portal password in two clubs; a CPF with three or
 * more still takes longer (rare, and each check more is CPU every failed sign-in would cost).
 */
export const portalPasswordChecks = 2;

/**
 * Signs a member in with the CPF and the portal password of one of their club memberships. Each
 * membership (associate row) has its own password, set by that club's staff: the password is
 * checked against every membership of the CPF that has one, and only the clubs whose password
 * matched are offered. With one match (or the chosen `companyId` among them) a session of that
 * membership starts; with several and no choice, the clubs are answered without a session.
 *
 * Unknown CPF, no password set, wrong password and a `companyId` whose password does not match
 * all answer the same 401, after the same number of verifications (`portalPasswordChecks`).
 * Attempts are throttled like staff logins (per CPF at one address, per CPF, per address: the
 * numbers of `loginLimits`), under keys of their own so the portal and the back office do not lock
 * each other out.
 */
export const memberLoginAddressLimit = (address: string): AddressLimit => ({
  key: `portal-login:addr:${address}`,
  limit: loginLimits.perAddress,
});

export async function loginMember(
  db: Database,
  options: LoginMemberOptions,
): Promise<LoginMemberResult> {
  const { rateLimiter } = options;
  const keys = [
    {
      key: `portal-login:cpf-addr:${options.cpf}:${options.address}`,
      limit: loginLimits.perCpfAndAddress,
    },
    { key: `portal-login:cpf:${options.cpf}`, limit: loginLimits.perCpf },
    memberLoginAddressLimit(options.address),
  ];
  await throttle(rateLimiter, keys);

  const candidates = await db
    .select({
      id: associates.id,
      passwordHash: associates.passwordHash,
      sessionVersion: associates.sessionVersion,
      club: { id: companies.id, name: companies.name, logoUrl: companies.logoUrl },
    })
    .from(associates)
    .innerJoin(companies, eq(companies.id, associates.companyId))
    .where(and(eq(associates.cpf, options.cpf), isNotNull(associates.passwordHash)))
    .orderBy(asc(companies.name), asc(companies.id));

  // A chosen club: only its membership is checked. Otherwise every membership with a password,
  // made up to `portalPasswordChecks` verifications with the decoy. Every hash is verified (no
  // early exit), so the time tells neither which one matched nor how many there are.
  const memberships = options.companyId
    ? candidates.filter((row) => row.club.id === options.companyId)
    : candidates;
  const checks = options.companyId ? 1 : Math.max(portalPasswordChecks, memberships.length);
  const decoy = await decoyPasswordHash();
  const verdicts = await Promise.all(
    Array.from({ length: checks }, (_, index) =>
      verifyPassword(memberships[index]?.passwordHash ?? decoy, options.password),
    ),
  );
  const matched = memberships.filter((_, index) => verdicts[index]);
  const chosen = options.companyId
    ? matched.find((row) => row.club.id === options.companyId)
    : matched.length === 1
      ? matched[0]
      : undefined;
  if (matched.length === 0 || (options.companyId && !chosen))
    throw new AppError('InvalidCredentials');

  // The password was right: this attempt does not count against anybody.
  await Promise.all(keys.map(({ key }) => rateLimiter.refund(key)));
  const clubs = matched.map((row) => row.club);
  if (!chosen) return { needsClub: true, clubs };

  const session = await findPortalSession(db, { associateId: chosen.id });
  if (!session) throw new AppError('InvalidCredentials');
  const { token } = await issueRefreshToken(db, { associateId: chosen.id });
  await recordAudit(db, {
    companyId: chosen.club.id,
    actorUserId: null,
    actorAssociateId: chosen.id,
    associateId: chosen.id,
    action: 'associate.sign-in',
    entityType: 'associate',
    entityId: chosen.id,
  });
  return {
    needsClub: false,
    refreshToken: token,
    sessionVersion: chosen.sessionVersion,
    clubs,
    ...session,
  };
}
