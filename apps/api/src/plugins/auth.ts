import { associates, companyStaff, users } from '@clube/db';
import fastifyJwt from '@fastify/jwt';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { batchedReads } from '../lib/batched-reads';
import type { Member } from '../types';

/** `Authorization: Bearer <token>`, the only place a token is read from. */
const bearerToken = /^Bearer (\S+)$/i;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const accessTokenTtlSeconds = 15 * 60;

/**
 * Bearer access tokens (HS256 JWT, 15 min) and the tenant. Two realms share the secret but never
 * a route: `app.authenticate` (back office) accepts only staff tokens and resolves, once per
 * request, which clubs the caller is staff of (`request.staff`); `app.authenticateMember`
 * (members' portal) accepts only associate tokens and resolves the membership (`request.member`).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { jwtSecret: string }) => {
    await app.register(fastifyJwt, {
      secret: options.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: accessTokenTtlSeconds },
      verify: { algorithms: ['HS256'] },
    });

    app.decorateRequest('staff', null as never);
    app.decorateRequest('member', null as never);
    app.decorateRequest('mustChangePassword', false);

    // Every back-office request runs this: prepared once (named statement on PostgreSQL), it is
    // neither rebuilt by the ORM nor parsed and planned again by the database on each request.
    // The account's session version comes with the clubs, in the same round trip.
    const clubsOfStaff = app.db
      .select({
        companyId: companyStaff.companyId,
        sessionVersion: users.sessionVersion,
        // Roles (plugins/permissions.ts) and the one-time password flag come with the clubs, on
        // every request: a role change or a removal applies to the next request.
        role: companyStaff.role,
        mustChangePassword: users.mustChangePassword,
        isServerAdmin: users.isServerAdmin,
      })
      .from(companyStaff)
      .innerJoin(users, eq(users.id, companyStaff.userId))
      .where(eq(companyStaff.userId, sql.placeholder('userId')))
      .prepare('clubs_and_session_of_staff');

    // Prepared once, like clubsOfStaff, and batched: members' requests arriving together share
    // one read of their memberships (see batchedReads: never older than the request).
    const membershipsById = app.db
      .select({
        associateId: associates.id,
        companyId: associates.companyId,
        associateTitleId: associates.associateTitleId,
        isHolder: associates.isHolder,
        sessionVersion: associates.sessionVersion,
      })
      .from(associates)
      .where(sql`${associates.id} = any(${sql.placeholder('associateIds')}::uuid[])`)
      .prepare('memberships_and_sessions_of_members');
    type MembershipRow = Member & { sessionVersion: number };
    const memberships = batchedReads<string, MembershipRow | null>(async (associateIds) => {
      // Only ids a token can hold reach the query: one malformed id must not fail the batch.
      const ids = [...new Set(associateIds.filter((id) => uuidPattern.test(id)))];
      const rows = ids.length === 0 ? [] : await membershipsById.execute({ associateIds: ids });
      const byId = new Map(rows.map((row) => [row.associateId, row]));
      return associateIds.map((id) => byId.get(id) ?? null);
    });

    // The plugin's own verifier, built once with the options above (HS256 only, expiry checked),
    // called directly: `request.jwtVerify()` merges its options, decodes the token twice and runs
    // a chain of callbacks on every request, a cost every request paid before its turn.
    const verify = (request: FastifyRequest) => {
      const token = bearerToken.exec(request.headers.authorization ?? '')?.[1];
      if (token === undefined) throw new AppError('Unauthorized');
      try {
        request.user = app.jwt.verify(token);
      } catch {
        throw new AppError('Unauthorized');
      }
      if (typeof request.user.sub !== 'string') throw new AppError('Unauthorized');
      return request.user;
    };

    /**
     * The sessions of the token's owner ended after it was issued (sign-out, a password change or
     * reset: `endAllSessions`): it answers like an expired token, so the client renews it with its
     * refresh token if that still lives, and signs in again otherwise. A token without a version
     * predates versions and counts as 0.
     */
    const assertSessionCurrent = (tokenVersion: number | undefined, sessionVersion: number) => {
      if ((tokenVersion ?? 0) !== sessionVersion) throw new AppError('Unauthorized');
    };

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const { sub: userId, realm, ver } = verify(request);
      // A member's token opens nothing of the back office. A token without realm predates realms
      // and is a staff token: its sub must still be staff of a club, checked below.
      if (realm !== undefined && realm !== 'staff') throw new AppError('Unauthorized');
      const rows = await clubsOfStaff.execute({ userId });
      // A deleted user, or one no longer staff of any club, holds a token that opens nothing.
      if (rows.length === 0) throw new AppError('NoBackofficeAccess');
      assertSessionCurrent(ver, rows[0]!.sessionVersion);
      const roles = new Map(rows.map((row) => [row.companyId, row.role]));
      request.staff = {
        userId,
        companyIds: new Set(roles.keys()),
        roles,
        isServerAdmin: rows[0]!.isServerAdmin,
      };
      request.mustChangePassword = rows[0]!.mustChangePassword;
    });

    app.decorate('authenticateMember', async (request: FastifyRequest) => {
      const { sub: associateId, realm, ver } = verify(request);
      // Only a token issued by the portal's login names a membership; staff tokens, legacy ones
      // included, open nothing here.
      if (realm !== 'associate') throw new AppError('Unauthorized');
      const row = await memberships.load(associateId);
      // A membership deleted since the token was issued opens nothing.
      if (!row) throw new AppError('MembershipEnded');
      const { sessionVersion, ...member } = row;
      assertSessionCurrent(ver, sessionVersion);
      request.member = member;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/**
 * A club the caller is not staff of answers 404, exactly like one that does not exist; one whose
 * role there lacks the route's permission, 403.
 */
export function assertStaffOf(request: FastifyRequest, companyId: string): void {
  if (request.staff.companyIds.has(companyId)) return;
  if (request.staff.roles.has(companyId)) throw new AppError('PermissionDenied');
  throw new AppError('CompanyNotFound');
}
