import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

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
    // Helmet's headers, worked out once: its middleware is run here on a response that only
    // records them, and each response gets the recorded headers set. (@fastify/helmet built the
    // middleware again on every request, and even built once the middleware wrote the content
    // security policy anew for every response: a twentieth of the server's work in a rush.) The
    // policy has no per-request part (no nonce), so every response's headers are the same.
    const headers = securityHeadersOf(securityHeaders);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
    // Without configured origins nothing is registered: a browser on another origin gets no CORS
    // header, exactly as with the plugin set to refuse, and no request pays for its hooks.
    if (app.config.corsOrigins.length > 0)
      await app.register(cors, {
        origin: app.config.corsOrigins,
        // The methods the API's routes use; the plugin's default (GET, HEAD, POST) left a browser
        // on an allowed origin unable to send the updates (PATCH) and deletions (DELETE).
        methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
        credentials: false,
        // The web app shows a failure's request id (lib/request-id.ts) on its error page.
        exposedHeaders: ['x-request-id'],
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

/** The headers a Helmet middleware sets, in order, recorded once on a stand-in response. */
function securityHeadersOf(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let outcome: { error?: unknown } | undefined;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    outcome = { error };
  });
  // Helmet's middleware is synchronous; one that was not could not be recorded this way.
  if (!outcome) throw new Error('helmet did not finish at once');
  if (outcome.error) throw outcome.error;
  return [...headers];
}
