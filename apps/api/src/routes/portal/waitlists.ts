import {
  errorBodySchema,
  okSchema,
  portalBookingBodySchema,
  portalBookingRefusalSchema,
  portalBookingSchema,
  portalWaitlistEntrySchema,
  portalWaitlistListSchema,
  waitlistParamsSchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptOffer, leaveWaitlist, refuseOffer } from '../../services/waitlists/answer-offer';
import { joinWaitlistAsMember } from '../../services/waitlists/join-waitlist';
import { listMemberWaitlists } from '../../services/waitlists/list-waitlists';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
/** A request the booking rules judge (joining a line, booking an offer): refused with the rules. */
const bookingErrors = {
  ...errors,
  403: errorBodySchema,
  409: portalBookingRefusalSchema,
  422: portalBookingRefusalSchema,
};

/** The member's waitlists (docs/domain.md, "Waitlists"). */
export const portalWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/waitlists',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: minhas listas de espera, com a posição e as ofertas',
        response: { 200: portalWaitlistListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listMemberWaitlists(app.db, { member: request.member }) }),
  );

  app.post(
    '/waitlists',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: entrar na lista de espera de um horário ocupado',
        body: portalBookingBodySchema,
        response: { 201: portalWaitlistEntrySchema, ...bookingErrors },
      },
      config: { admissionKey: (request) => request.member.associateTitleId },
    },
    async (request, reply) => {
      const { associate, ...entry } = await joinWaitlistAsMember(app.db, {
        member: request.member,
        body: request.body,
      });
      return reply
        .status(201)
        .send({ ...entry, associate: { id: associate.id, name: associate.name } });
    },
  );

  app.delete(
    '/waitlists/:id',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: sair de uma lista de espera',
        params: waitlistParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await leaveWaitlist(app.db, {
        member: request.member,
        id: request.params.id,
        publicUrl: app.config.publicUrl,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/waitlists/:id/accept',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: aceitar a oferta da lista de espera (reserva o horário)',
        params: waitlistParamsSchema,
        response: { 201: portalBookingSchema, ...bookingErrors },
      },
      config: { admissionKey: (request) => request.member.associateTitleId },
    },
    async (request, reply) => {
      const booking = await acceptOffer(app.db, {
        member: request.member,
        id: request.params.id,
        publicUrl: app.config.publicUrl,
        confirmation: { publicUrl: app.config.publicUrl, log: request.log },
      });
      return reply.status(201).send(booking);
    },
  );

  app.post(
    '/waitlists/:id/refuse',
    {
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: recusar a oferta (o horário passa ao próximo da fila)',
        params: waitlistParamsSchema,
        response: { 200: okSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => {
      await refuseOffer(app.db, {
        member: request.member,
        id: request.params.id,
        publicUrl: app.config.publicUrl,
      });
      return { ok: true as const };
    },
  );
};
