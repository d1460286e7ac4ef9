import { errorBodySchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { streamClubEvents } from '../../lib/club-event-stream';

/**
 * The member's club's live events, so that an open availability page turns a slot taken when it
 * is booked elsewhere: the same events as the day sheet's (a place and a date, never who), of the
 * membership's club only — the club comes from the token, never from the request.
 */
export const portalEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      // Open for minutes: it would hold one of the admission's turns all that time.
      config: { admission: 'exempt' },
      schema: {
        tags: ['portal'],
        summary: 'Portal do associado: eventos ao vivo do clube (text/event-stream)',
        response: { 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      streamClubEvents(app, request, reply, request.member.companyId);
    },
  );
};
