import { errorBodySchema, noticeListSchema, notificationPreferencesSchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getNotificationPreferences,
  listNotices,
  markNoticesRead,
  setNotificationPreferences,
} from '../../services/portal/notices';

export const portalNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notice',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: meus avisos (os mais recentes) e quantos não li',
        response: { 200: noticeListSchema, 401: errorBodySchema },
      },
    },
    async (request) => listNotices(app.db, { member: request.member }),
  );

  app.patch(
    '/notice/read',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: marcar todos os meus avisos como lidos',
        response: { 200: noticeListSchema, 401: errorBodySchema },
      },
    },
    async (request) => markNoticesRead(app.db, { member: request.member }),
  );

  app.get(
    '/me/notifications',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: quais mensagens quero receber por e-mail',
        response: { 200: notificationPreferencesSchema, 401: errorBodySchema },
      },
    },
    async (request) => getNotificationPreferences(app.db, { member: request.member }),
  );

  app.put(
    '/me/notifications',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: escolher as mensagens por e-mail (confirmação das minhas reservas, lembrete)',
        body: notificationPreferencesSchema,
        response: {
          200: notificationPreferencesSchema,
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request) =>
      setNotificationPreferences(app.db, { member: request.member, preferences: request.body }),
  );
};
