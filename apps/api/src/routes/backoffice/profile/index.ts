import { changeOwnPasswordBodySchema, errorBodySchema, sessionSchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeOwnPassword } from '../../../services/auth/change-own-password';

/** The signed-in staff member's own account. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/profile/password',
    {
      config: { permission: 'account.self' },
      schema: {
        tags: ['profile'],
        summary: 'Trocar a própria senha (encerra as outras sessões e devolve uma nova)',
        body: changeOwnPasswordBodySchema,
        response: {
          200: sessionSchema,
          400: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { user, refreshToken, sessionVersion } = await changeOwnPassword(app.db, {
        ...request.body,
        userId: request.staff.userId,
        rateLimiter: app.rateLimiter,
      });
      return {
        access_token: app.jwt.sign({ sub: user.id, realm: 'staff', ver: sessionVersion }),
        refresh_token: refreshToken,
        user,
      };
    },
  );
};
