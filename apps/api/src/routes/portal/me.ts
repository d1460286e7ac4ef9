import {
  errorBodySchema,
  portalChangePasswordBodySchema,
  portalMeSchema,
  portalSessionSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeMemberPassword } from '../../services/portal/change-member-password';
import { getMember } from '../../services/portal/get-member';
import { portalSessionAnswer } from './session-answer';

export const portalMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: meus dados, meu título, meu clube, cotas do mês e próximas reservas',
        response: { 200: portalMeSchema, 401: errorBodySchema },
      },
    },
    async (request) => getMember(app.db, { member: request.member }),
  );

  app.patch(
    '/me/password',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: trocar a minha senha (encerra as outras sessões)',
        body: portalChangePasswordBodySchema,
        response: {
          200: portalSessionSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { refreshToken, sessionVersion } = await changeMemberPassword(app.db, {
        rateLimiter: app.rateLimiter,
        member: request.member,
        ...request.body,
      });
      return portalSessionAnswer(
        app,
        request.member.associateId,
        { refreshToken, sessionVersion },
        'Unauthorized',
      );
    },
  );
};
