import {
  errorBodySchema,
  guestListBodySchema,
  guestListSchema,
  portalBookingParamsSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getGuestList, memberBookingScope } from '../../services/guests/read-guest-booking';
import { replaceGuests } from '../../services/guests/replace-guests';

/** A booking's guest list, for the member (docs/domain.md, "Guest lists"). */
export const portalGuestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/:id/guests',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: convidados de uma reserva do meu título',
        params: portalBookingParamsSchema,
        response: { 200: guestListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      getGuestList(app.db, { id: request.params.id, scope: memberBookingScope(request.member) }),
  );

  app.put(
    '/bookings/:id/guests',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: define a lista de convidados de uma reserva (até o limite e o prazo do espaço)',
        params: portalBookingParamsSchema,
        body: guestListBodySchema,
        response: {
          200: guestListSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { member } = request;
      return replaceGuests(app.db, {
        id: request.params.id,
        scope: memberBookingScope(member),
        actor: { associateId: member.associateId },
        guests: request.body.guests,
      });
    },
  );
};
