import {
  appointmentSchema,
  bookingRefusalSchema,
  errorBodySchema,
  staffWaitlistEntrySchema,
  staffWaitlistJoinBodySchema,
  staffWaitlistListSchema,
  staffWaitlistQuerySchema,
  waitlistParamsSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { joinWaitlistAsStaff } from '../../../services/waitlists/join-waitlist';
import { listClubWaitlists, offerByHand } from '../../../services/waitlists/list-waitlists';
import { bookForEntry } from '../../../services/waitlists/book-for-entry';

const errors = { 400: errorBodySchema, 404: errorBodySchema };

/** The day sheet's waitlists (docs/domain.md, "Waitlists"). */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/waitlists',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['appointment'],
        summary: 'Listas de espera de um dia do clube (quem está na fila de cada horário)',
        querystring: staffWaitlistQuerySchema.extend({ companyId: z.uuid() }),
        response: { 200: staffWaitlistListSchema, ...errors },
      },
    },
    async (request) => ({
      items: await listClubWaitlists(app.db, { staff: request.staff, ...request.query }),
    }),
  );

  app.post(
    '/waitlists',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Coloca um associado na lista de espera de um horário ocupado',
        body: staffWaitlistJoinBodySchema,
        response: {
          201: staffWaitlistEntrySchema,
          ...errors,
          409: bookingRefusalSchema,
          422: bookingRefusalSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await joinWaitlistAsStaff(app.db, { staff: request.staff, body: request.body })),
  );

  app.post(
    '/waitlists/:id/offer',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Oferece o horário livre a quem está na fila (fora da ordem, pela equipe)',
        params: waitlistParamsSchema,
        response: { 200: staffWaitlistEntrySchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) =>
      offerByHand(app.db, {
        staff: request.staff,
        id: request.params.id,
        publicUrl: app.config.publicUrl,
      }),
  );

  app.post(
    '/waitlists/:id/book',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Agenda o horário para quem está na fila (pelas regras de agendamento)',
        params: waitlistParamsSchema,
        response: {
          201: appointmentSchema,
          ...errors,
          409: bookingRefusalSchema,
          422: bookingRefusalSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await bookForEntry(app.db, {
          staff: request.staff,
          id: request.params.id,
          confirmation: { publicUrl: app.config.publicUrl, log: request.log },
        }),
      ),
  );
};
