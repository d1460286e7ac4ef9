import {
  errorBodySchema,
  portalPlaceListSchema,
  portalSlotListSchema,
  portalSlotsParamsSchema,
  portalSlotsQuerySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uncheckedJson } from '../../lib/unchecked-json';
import { listPlaces } from '../../services/portal/list-places';
import { listSlots } from '../../services/portal/list-slots';

export const portalPlaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: espaços do clube, com fotos, categoria e regras de reserva',
        response: { 200: portalPlaceListSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ items: await listPlaces(app.db, { member: request.member }) }),
  );

  app.get(
    '/places/:placeId/slots',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: horários de um espaço numa data (livre, ocupado, bloqueado…)',
        params: portalSlotsParamsSchema,
        querystring: portalSlotsQuerySchema,
        response: {
          200: portalSlotListSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
      // Checking each list (a datetime pattern per slot) was about 8 % of the server's work when
      // members rush for the courts.
      serializerCompiler: uncheckedJson,
    },
    async (request) =>
      listSlots(app.db, { member: request.member, ...request.params, ...request.query }),
  );
};
