import {
  errorBodySchema,
  loginBodySchema,
  okSchema,
  refreshBodySchema,
  sessionSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { findSessionUser, login } from '../../services/auth/login';
import { revokeRefreshToken, rotateRefreshToken } from '../../services/auth/refresh-tokens';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Entrar com CPF e senha',
        body: loginBodySchema,
        response: { 200: sessionSchema, 401: errorBodySchema, 429: errorBodySchema },
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
