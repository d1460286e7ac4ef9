import {
  errorBodySchema,
  portalBookingBodySchema,
  portalBookingCheckSchema,
  portalBookingListQuerySchema,
  portalBookingListSchema,
  portalBookingParamsSchema,
  portalBookingRefusalSchema,
  portalBookingSchema,
  seriesListSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelMemberBooking } from '../../services/portal/cancel-booking';
import { checkBooking } from '../../services/portal/check-booking';
import { bookAndAnswer } from '../../services/portal/create-booking';
import { findMemberBooking, listBookings } from '../../services/portal/list-bookings';
import { listMemberSeries } from '../../services/series/list-series';

export const portalBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/series',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: minhas séries semanais (reservas fixas), com as datas',
        response: { 200: seriesListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({
      items: await listMemberSeries(app.db, {
        companyId: request.member.companyId,
        associateId: request.member.associateId,
      }),
    }),
  );

  /** One booking of the member's title, whatever its scope. */
  app.post(
    '/bookings/check',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: por que não posso reservar? Lista todas as regras não atendidas',
        body: portalBookingBodySchema,
        response: {
          200: portalBookingCheckSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => checkBooking(app.db, { member: request.member, body: request.body }),
  );

  app.post(
    '/bookings',
    {
      schema: {
        tags: ['portal'],
        summary:
          'Portal do associado: reservar um horário (para mim ou, sendo titular, para alguém do meu título)',
        body: portalBookingBodySchema,
        response: {
          201: portalBookingSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: portalBookingRefusalSchema,
          422: portalBookingRefusalSchema,
        },
      },
      // A family's bookings one after another, in one turn: the title's rules (its quota, the
      // same-day and previous-day rules) make them wait for each other's lock in the database
      // anyway, and a turn spent waiting for a lock is one no other member can use. Worked on
      // after the first, the next one sees its booking committed and is refused from what is
      // committed, without a transaction.
      config: { admissionKey: (request) => request.member.associateTitleId },
    },
    async (request, reply) => {
      const { member, body } = request;
      const booking = await bookAndAnswer(app.db, {
        member,
        body,
        confirmation: { publicUrl: app.config.publicUrl, log: request.log },
      });
      return reply.status(201).send(booking);
    },
  );

  app.get(
    '/bookings',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: reservas do meu título (próximas, passadas ou canceladas)',
        querystring: portalBookingListQuerySchema,
        response: { 200: portalBookingListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({
      items: await listBookings(app.db, { member: request.member, ...request.query }),
    }),
  );

  app.patch(
    '/bookings/:id/cancel',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: cancelar uma reserva do meu título (até o prazo do espaço)',
        params: portalBookingParamsSchema,
        response: {
          200: portalBookingSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { member } = request;
      await cancelMemberBooking(app.db, { member, id: request.params.id });
      return findMemberBooking(app.db, { member, id: request.params.id });
    },
  );
};
