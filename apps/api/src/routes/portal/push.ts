import {
  errorBodySchema,
  pushSettingsSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeQuerySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getPushSettings,
  subscribePush,
  unsubscribePush,
} from '../../services/portal/push-subscriptions';

/** Notifications on the member's devices (Web Push), managed in Conta. */
export const portalPushRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicKey = app.push?.publicKey;

  app.get(
    '/push',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: a chave para ativar as notificações no aparelho e quantos aparelhos as recebem',
        response: { 200: pushSettingsSchema, 401: errorBodySchema },
      },
    },
    async (request) => getPushSettings(app.db, { member: request.member, publicKey }),
  );

  app.put(
    '/push/subscription',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: receber notificações neste aparelho',
        body: pushSubscriptionBodySchema,
        response: {
          200: pushSettingsSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) =>
      subscribePush(app.db, {
        member: request.member,
        publicKey,
        httpEndpoints: app.config.pushHttpEndpoints,
        ...request.body,
      }),
  );

  app.delete(
    '/push/subscription',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: parar as notificações neste aparelho',
        querystring: pushUnsubscribeQuerySchema,
        response: { 200: pushSettingsSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) =>
      unsubscribePush(app.db, { member: request.member, publicKey, ...request.query }),
  );
};
