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
      // The schema documents the answer; checking it on every response cost more than building
      // the sheet (a large club's is thousands of cells, ~150 ms of zod). The service names every
      // field it sends (no row is spread into the answer) and the tests parse the answer with
      // the schema, which is the guarantee the check gave elsewhere.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      assertStaffOf(request, request.query.companyId);
      return getDaySheet(app.db, request.query);
    },
  );
};
