import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Security headers on every response, CORS closed unless origins are configured, compression. */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
    // Helmet's middleware, built once: its headers, the content security policy included, are
    // worked out here, and each response only gets them set. (@fastify/helmet built the middleware
    // again, parsing the policy, on every request.)
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      ),
    );
    // Without configured origins nothing is registered: a browser on another origin gets no CORS
    // header, exactly as with the plugin set to refuse, and no request pays for its hooks.
    if (app.config.corsOrigins.length > 0)
      await app.register(cors, {
        origin: app.config.corsOrigins,
        // The methods the API's routes use; the plugin's default (GET, HEAD, POST) left a browser
        // on an allowed origin unable to send the updates (PATCH) and deletions (DELETE).
        methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
        credentials: false,
      });
    // Below 2 KB an answer is not compressed: it reaches a phone in the first round trip either
    // way (a connection starts with about 14 KB in flight), so compressing it saves the member no
    // time and costs CPU at both ends. A member's slot list of a day is about 1.5 KB.
    await app.register(compress, { threshold: 2048 });
    // The API's answers carry people's data (names, CPFs, bookings) or tokens: no cache may keep
    // them (a shared computer's browser, a proxy). A route serving public, immutable files (the
    // uploads) sets its own cache-control, which stays.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security' },
);
