import { companyStaff } from '@clube/db';
import fastifyJwt from '@fastify/jwt';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export const accessTokenTtlSeconds = 15 * 60;

/**
 * Bearer access tokens (HS256 JWT, 15 min) and the tenant: `app.authenticate` verifies the token
 * and resolves, once per request, which clubs the caller is staff of (`request.staff`).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { jwtSecret: string }) => {
    await app.register(fastifyJwt, {
      secret: options.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: accessTokenTtlSeconds },
      verify: { algorithms: ['HS256'] },
    });

    app.decorateRequest('staff', null as never);

    // Every back-office request runs this: prepared once (named statement on PostgreSQL), it is
    // neither rebuilt by the ORM nor parsed and planned again by the database on each request.
    const clubsOfStaff = app.db
      .select({ companyId: companyStaff.companyId })
      .from(companyStaff)
      .where(eq(companyStaff.userId, sql.placeholder('userId')))
      .prepare('clubs_of_staff');

    app.decorate('authenticate', async (request: FastifyRequest) => {
      try {
        await request.jwtVerify();
      } catch {
        throw new AppError('Unauthorized', 'Token de acesso inválido ou expirado.');
      }
      const userId = request.user.sub;
      if (typeof userId !== 'string') throw new AppError('Unauthorized');
      const rows = await clubsOfStaff.execute({ userId });
      // A deleted user, or one no longer staff of any club, holds a token that opens nothing.
      if (rows.length === 0)
        throw new AppError('Unauthorized', 'Usuário sem acesso ao backoffice.');
      request.staff = { userId, companyIds: new Set(rows.map((row) => row.companyId)) };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** A club the caller is not staff of answers 404, exactly like one that does not exist. */
export function assertStaffOf(request: FastifyRequest, companyId: string, message?: string): void {
  if (!request.staff.companyIds.has(companyId)) throw new AppError('NotFound', message);
}
