import { daySheetQuerySchema, daySheetSchema, errorBodySchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uncheckedJson } from '../../../lib/unchecked-json';
import { assertStaffOf } from '../../../plugins/auth';
import { getDaySheet } from '../../../services/appointments/get-day-sheet';

export const daySheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/day-sheet',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['appointment'],
        summary: 'Quadro do dia: todos os espaços do clube e o estado de cada horário',
        querystring: daySheetQuerySchema,
        response: { 200: daySheetSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      // Checking a large club's sheet (thousands of cells) cost ~150 ms of zod, more than
      // building it.
      serializerCompiler: uncheckedJson,
    },
    async (request) => {
      assertStaffOf(request, request.query.companyId);
      return getDaySheet(app.db, request.query);
    },
  );
};
