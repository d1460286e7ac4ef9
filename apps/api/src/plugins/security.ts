import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers on every response, CORS closed unless origins are configured, compression. */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
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
    await app.register(cors, {
      origin: app.config.corsOrigins.length > 0 ? app.config.corsOrigins : false,
      // The methods the API's routes use; the plugin's default (GET, HEAD, POST) left a browser on
      // an allowed origin unable to send the updates (PATCH) and deletions (DELETE).
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      credentials: false,
    });
    await app.register(compress, { threshold: 1024 });
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
