import { daySheetQuerySchema, daySheetSchema, errorBodySchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { getDaySheet } from '../../../services/appointments/get-day-sheet';

export const daySheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/day-sheet',
    {
      schema: {
        tags: ['appointment'],
        summary: 'Quadro do dia: todos os espaços do clube e o estado de cada horário',
        querystring: daySheetQuerySchema,
        response: { 200: daySheetSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.query.companyId, 'Clube não encontrado.');
      return getDaySheet({ db: app.db, ...request.query });
    },
  );
};
