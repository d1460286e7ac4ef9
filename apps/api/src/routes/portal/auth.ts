import {
  errorBodySchema,
  okSchema,
  portalLoginBodySchema,
  portalLoginResponseSchema,
  portalRefreshBodySchema,
  portalSessionSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessLinkAddressLimit,
  accessLinkRouteSchemas,
  checkAccessLinkOf,
  redeemAccessLinkOf,
  requestAccessLink,
} from '../account-links';
import { revokeRefreshToken, rotatePortalRefreshToken } from '../../services/auth/refresh-tokens';
import { loginMember, memberLoginAddressLimit } from '../../services/portal/login-member';
import { checkAddressLimit } from '../../services/account-links/check-access-link';
import { redeemAddressLimit } from '../../services/account-links/redeem-access-link';
import { portalSessionAnswer } from './session-answer';

/** Sign-in of the members' portal: public routes, the realm's own sessions. */
export const portalAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route here is anonymous: small bodies, throttled before they are read.
  app.guardAnonymousRoutes(app);
  app.post(
    '/auth/login',
    {
      config: { addressLimit: memberLoginAddressLimit },
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: entrar com CPF e senha (escolhendo o clube se houver vários)',
        body: portalLoginBodySchema,
        response: {
          200: portalLoginResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const result = await loginMember(app.db, {
        rateLimiter: app.rateLimiter,
        ...request.body,
        address: request.ip,
      });
      if (result.needsClub) return result;
      const { refreshToken, sessionVersion, ...session } = result;
      return {
        ...session,
        access_token: app.jwt.sign({
          sub: session.member.id,
          realm: 'associate',
          ver: sessionVersion,
        }),
        refresh_token: refreshToken,
      };
    },
  );

  app.post(
    '/auth/access-link',
    {
      config: { addressLimit: accessLinkAddressLimit('associate') },
      schema: accessLinkRouteSchemas.request(
        ['portal'],
        'Portal do associado: Primeiro acesso / Esqueci minha senha (envia um link por e-mail)',
      ),
    },
    async (request, reply) => {
      const answer = await requestAccessLink(app, request, 'associate');
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/auth/access-link/check',
    {
      config: { addressLimit: checkAddressLimit },
      schema: accessLinkRouteSchemas.check(
        ['portal'],
        'Portal do associado: o link recebido ainda vale? (e de que clube é; nada é gasto)',
      ),
    },
    (request) => checkAccessLinkOf(app, request, 'associate'),
  );

  app.post(
    '/auth/access-link/redeem',
    {
      config: { addressLimit: redeemAddressLimit },
      schema: {
        ...accessLinkRouteSchemas.redeem(
          ['portal'],
          'Portal do associado: escolher a senha pelo link recebido (e entrar)',
        ),
        response: {
          200: portalSessionSchema,
          400: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { ownerId, refreshToken, sessionVersion } = await redeemAccessLinkOf(
        app,
        request,
        'associate',
      );
      return portalSessionAnswer(
        app,
        ownerId,
        { refreshToken, sessionVersion },
        'AccessLinkInvalid',
      );
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: trocar o refresh token por uma nova sessão',
        body: portalRefreshBodySchema,
        response: { 200: portalSessionSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const rotated = await rotatePortalRefreshToken(app.db, { token: request.body.refresh_token });
      return portalSessionAnswer(
        app,
        rotated.associateId,
        { refreshToken: rotated.token, sessionVersion: rotated.sessionVersion },
        'RefreshTokenExpired',
      );
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: encerrar a sessão (revoga o refresh token e os access tokens já emitidos)',
        body: portalRefreshBodySchema,
        response: { 200: okSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await revokeRefreshToken(app.db, { token: request.body.refresh_token, realm: 'associate' });
      return { ok: true as const };
    },
  );
};
