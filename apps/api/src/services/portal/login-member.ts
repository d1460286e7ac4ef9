import { associates, companies, type Database } from '@clube/db';
import type { PortalClub, portalLoginBodySchema } from '@clube/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { decoyPasswordHash, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { loginLimits, throttle } from '../auth/login';
import { issueRefreshToken } from '../auth/refresh-tokens';
import { findPortalSession, type PortalSessionParts } from './find-portal-session';

export type LoginMemberOptions = {
  rateLimiter: RateLimiter;
  /** The client's address: attempts are also throttled per address. */
  address: string;
} & z.output<typeof portalLoginBodySchema>;

export type LoginMemberResult =
  | ({ needsClub: false; refreshToken: string; clubs: PortalClub[] } & PortalSessionParts)
  | { needsClub: true; clubs: PortalClub[] };

/**
 * Signs a member in with the CPF and the portal password of one of their club memberships. Each
 * membership (associate row) has its own password, set by that club's staff: the password is
 * checked against every membership of the CPF that has one, and only the clubs whose password
 * matched are offered. With one match (or the chosen `companyId` among them) a session of that
 * membership starts; with several and no choice, the clubs are answered without a session.
 *
 * Unknown CPF, no password set, wrong password and a `companyId` whose password does not match
 * all answer the same 401. Attempts are throttled like staff logins, under keys of their own so
 * the portal and the back office do not lock each other out.
 */
export async function loginMember(
  db: Database,
  options: LoginMemberOptions,
): Promise<LoginMemberResult> {
  const { rateLimiter } = options;
  const keys = [
    { key: `portal-login:cpf:${options.cpf}`, limit: loginLimits.perCpf },
    { key: `portal-login:addr:${options.address}`, limit: loginLimits.perAddress },
  ];
  await throttle(rateLimiter, keys);

  const memberships = await db
    .select({
      id: associates.id,
      passwordHash: associates.passwordHash,
      club: { id: companies.id, name: companies.name, logoUrl: companies.logoUrl },
    })
    .from(associates)
    .innerJoin(companies, eq(companies.id, associates.companyId))
    .where(and(eq(associates.cpf, options.cpf), isNotNull(associates.passwordHash)))
    .orderBy(asc(companies.name), asc(companies.id));

  // An unknown CPF still costs one verification, so it takes as long as a wrong password.
  if (memberships.length === 0) await verifyPassword(await decoyPasswordHash(), options.password);
  // Every hash is verified (no early exit): the time depends only on how many memberships have a
  // password, never on which one matched.
  const verdicts = await Promise.all(
    memberships.map((row) => verifyPassword(row.passwordHash!, options.password)),
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
  return { needsClub: false, refreshToken: token, clubs, ...session };
}
