import { clubEventsQuerySchema, errorBodySchema, type ClubEvent } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';

/** A comment line now and then keeps proxies and the browser from dropping an idle stream. */
const heartbeatMs = 25_000;

/**
 * Events a client has not read pile up in the server's memory: past this many bytes the client is
 * not reading, and its stream is dropped (it reconnects and reloads, like after any outage).
 */
export const maxUnreadEventBytes = 256 * 1024;

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
      const expiresAt = (request.user as { exp?: number }).exp;
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const write = (text: string) => {
        if (raw.writableLength > maxUnreadEventBytes) return end(true);
        raw.write(text);
      };
      const send = (event: ClubEvent) => write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      const unsubscribe = app.clubEvents.subscribe(companyId, send);
      const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
      const expiry = setTimeout(
        () => end(),
        expiresAt ? Math.max(0, expiresAt * 1000 - Date.now()) : 15 * 60_000,
      );
      /** `closing`: the server shuts down, and a connection left open would hold its close. */
      const end = (closing = false) => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        app.clubEventStreams.delete(end);
        if (!raw.writableEnded) raw.end();
        if (closing) raw.destroy();
      };
      app.clubEventStreams.add(end);
      request.raw.on('close', () => end());
      // Subscribed before this line: a client that has read `ready` misses nothing after it.
      raw.write(`retry: 2000\nevent: ready\ndata: {}\n\n`);
    },
  );
};
