import { clubEventsQuerySchema, errorBodySchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { streamClubEvents } from '../../../lib/club-event-stream';
import { assertStaffOf } from '../../../plugins/auth';

/**
 * Server-sent events of one club: each booking, cancellation or block of that club, from any API
 * process, as `event: change`. The caller authenticates like any back-office request (bearer
 * header; the web app reads the stream with fetch). The stream ends when the access token
 * expires, so a staff member removed from the club stops hearing it within 15 minutes; the client
 * reconnects with a fresh token.
 */
export const clubEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      // Open for minutes: it would hold one of the admission's turns all that time.
      config: { permission: 'club.read', admission: 'exempt' },
      schema: {
        tags: ['appointment'],
        summary: 'Eventos ao vivo do clube (text/event-stream)',
        querystring: clubEventsQuerySchema,
        response: { 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { companyId } = request.query;
      assertStaffOf(request, companyId);
      streamClubEvents(app, request, reply, companyId);
    },
  );
};
