import {
  errorBodySchema,
  mailDeliverySchema,
  okSchema,
  refreshBodySchema,
  sessionSchema,
  staffLoginBodySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import {
  accessLinkAddressLimit,
  accessLinkRouteSchemas,
  checkAccessLinkOf,
  redeemAccessLinkOf,
  requestAccessLink,
} from '../account-links';
import { findSessionUser, login, staffLoginAddressLimit } from '../../services/auth/login';
import { checkAddressLimit } from '../../services/account-links/check-access-link';
import { redeemAddressLimit } from '../../services/account-links/redeem-access-link';
import { revokeRefreshToken, rotateRefreshToken } from '../../services/auth/refresh-tokens';

/** Every route here is anonymous: small bodies, throttled before they are read. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.guardAnonymousRoutes(app);
  app.post(
    '/login',
    {
      config: { addressLimit: staffLoginAddressLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Entrar com CPF e senha (com `invitation`, aceita também o convite de um clube: o token do link ou a senha provisória)',
        body: staffLoginBodySchema,
        response: {
          200: sessionSchema,
          401: errorBodySchema,
          409: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { user, refreshToken, sessionVersion } = await login(app.db, {
        ...request.body,
        address: request.ip,
        rateLimiter: app.rateLimiter,
      });
      return {
        access_token: app.jwt.sign({ sub: user.id, realm: 'staff', ver: sessionVersion }),
        refresh_token: refreshToken,
        user,
      };
    },
  );

  app.get(
    '/mail-delivery',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Se este servidor envia e-mails (sem isso, a senha da equipe não se redefine por link)',
        response: { 200: mailDeliverySchema },
      },
    },
    async () => ({ sendsMail: Boolean(app.config.smtpUrl) }),
  );

  app.post(
    '/access-link',
    {
      config: { addressLimit: accessLinkAddressLimit('staff') },
      schema: accessLinkRouteSchemas.request(
        ['auth'],
        'Esqueci minha senha (equipe): envia um link ao e-mail da conta',
      ),
    },
    async (request, reply) => {
      const answer = await requestAccessLink(app, request, 'staff');
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/access-link/check',
    {
      config: { addressLimit: checkAddressLimit },
      schema: accessLinkRouteSchemas.check(
        ['auth'],
        'O link recebido ainda vale? (e de que clube é o convite; nada é gasto)',
      ),
    },
    (request) => checkAccessLinkOf(app, request, 'staff'),
  );

  app.post(
    '/access-link/redeem',
    {
      config: { addressLimit: redeemAddressLimit },
      schema: {
        ...accessLinkRouteSchemas.redeem(
          ['auth'],
          'Escolher a senha pelo link recebido (e entrar)',
        ),
        response: {
          200: sessionSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { ownerId, refreshToken, sessionVersion } = await redeemAccessLinkOf(
        app,
        request,
        'staff',
      );
      const user = await findSessionUser(app.db, { userId: ownerId });
      if (!user) throw new AppError('AccessLinkInvalid');
      return {
        access_token: app.jwt.sign({ sub: user.id, realm: 'staff', ver: sessionVersion }),
        refresh_token: refreshToken,
        user,
      };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trocar o refresh token por uma nova sessão',
        body: refreshBodySchema,
        response: { 200: sessionSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const rotated = await rotateRefreshToken(app.db, { token: request.body.refresh_token });
      const user = await findSessionUser(app.db, { userId: rotated.userId });
      if (!user) throw new AppError('RefreshTokenExpired');
      return {
        access_token: app.jwt.sign({
          sub: user.id,
          realm: 'staff',
          ver: rotated.sessionVersion,
        }),
        refresh_token: rotated.token,
        user,
      };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Encerrar a sessão (revoga o refresh token e os access tokens já emitidos)',
        body: refreshBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await revokeRefreshToken(app.db, { token: request.body.refresh_token });
      return { ok: true as const };
    },
  );
};
