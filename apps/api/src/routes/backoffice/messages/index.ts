import {
  errorBodySchema,
  messageListParamsSchema,
  messageListQuerySchema,
  messageListSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMessages } from '../../../services/messages/list-messages';

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/message/company/:companyId',
    {
      config: { permission: 'messages.read' },
      schema: {
        tags: ['message'],
        summary:
          'Mensagens do clube, as mais recentes primeiro, em páginas com o total: destinatário, assunto, texto e situação do envio; filtro por situação e busca',
        params: messageListParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      listMessages(app.db, {
        staff: request.staff,
        companyId: request.params.companyId,
        ...request.query,
      }),
  );
};
