import {
  errorBodySchema,
  gateListQuerySchema,
  gateListSchema,
  guestCheckInBodySchema,
  guestListBodySchema,
  guestListSchema,
  guestSchema,
  idParamsSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { checkInGuest } from '../../../services/guests/check-in-guest';
import { getGateList } from '../../../services/guests/get-gate-list';
import { getGuestList, staffBookingScope } from '../../../services/guests/read-guest-booking';
import { replaceGuests } from '../../../services/guests/replace-guests';

/** Guest lists in the back office: a booking's list, the gate's list of a day, the check-in. */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/appointment/:id/guests',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['appointment'],
        summary: 'Convidados de um agendamento, com as regras do espaço',
        params: idParamsSchema,
        response: { 200: guestListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      getGuestList(app.db, { id: request.params.id, scope: staffBookingScope(request.staff) }),
  );

  app.put(
    '/appointment/:id/guests',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary:
          'Define a lista de convidados de um agendamento (até o limite e o prazo do espaço)',
        params: idParamsSchema,
        body: guestListBodySchema,
        response: {
          200: guestListSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      replaceGuests(app.db, {
        id: request.params.id,
        scope: staffBookingScope(request.staff),
        actor: { userId: request.staff.userId },
        guests: request.body.guests,
      }),
  );

  app.get(
    '/gate-list',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['appointment'],
        summary: 'Lista da portaria: os convidados das reservas de um dia do clube',
        querystring: gateListQuerySchema,
        response: { 200: gateListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.query.companyId);
      return getGateList(app.db, request.query);
    },
  );

  app.patch(
    '/guests/:id/check-in',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Portaria: marca (ou desmarca) a entrada de um convidado',
        params: idParamsSchema,
        body: guestCheckInBodySchema,
        response: { 200: guestSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      checkInGuest(app.db, {
        staff: request.staff,
        id: request.params.id,
        checkedIn: request.body.checkedIn,
      }),
  );
};
