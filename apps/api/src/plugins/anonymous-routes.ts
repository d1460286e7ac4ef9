import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export type AnonymousRoutesOptions = {
  /** The largest body (bytes) an anonymous route reads; a larger one answers 413 unread. */
  bodyLimit?: number;
  /** A body not fully received this long (ms) after its headers drops the connection. */
  bodyTimeoutMs?: number;
  /** Bodies one address may be sending at once to the anonymous routes. */
  bodiesPerAddress?: number;
  /** Bodies all addresses together may be sending at once to the anonymous routes. */
  bodiesInAll?: number;
};

/**
 * A sign-in, a link request or a refresh is a few hundred bytes: 4 KiB leaves room for a long
 * password. With these numbers stalled bodies hold at most 1 MiB (256 × 4 KiB) in all.
 */
export const anonymousRouteDefaults = {
  bodyLimit: 4 * 1024,
  bodyTimeoutMs: 10_000,
  bodiesPerAddress: 4,
  bodiesInAll: 256,
};

/**
 * The routes anyone may call without a session (staff and portal sign-in, refresh, sign-out,
 * "Esqueci minha senha" and the link's redemption) are where a stranger can send work, so they
 * take what they need and nothing more, before anything is read:
 * - a small body (`bodyLimit`): a larger one answers 413 `RequestBodyTooLarge` from its
 *   Content-Length, unread, or as soon as it passes the limit;
 * - an address over its limit of attempts of the route's kind (route config `addressLimit`, the
 *   same counter the service counts) answers 429 before its body is read;
 * - a bounded number of bodies in flight, per address and in all (429 `TooManyRequests` and 503
 *   `ServerBusy`), each to be received within `bodyTimeoutMs` or its connection is dropped: slow
 *   or stalled bodies from one address cannot hold memory or sockets without bound.
 *
 * `app.guardAnonymousRoutes(scope)` applies this to every route the scope registers after it.
 */
export const anonymousRoutesPlugin = fp(
  async (app: FastifyInstance, options: AnonymousRoutesOptions) => {
    const settings = { ...anonymousRouteDefaults, ...options };
    const bodiesOf = new Map<string, number>();
    let bodies = 0;
    const receivedOf = new WeakMap<FastifyRequest, () => void>();

    /** Counts a body in flight from `address`; answers how to take it back (once). */
    const admitBody = (address: string) => {
      bodiesOf.set(address, (bodiesOf.get(address) ?? 0) + 1);
      bodies += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        bodies -= 1;
        const left = (bodiesOf.get(address) ?? 1) - 1;
        if (left === 0) bodiesOf.delete(address);
        else bodiesOf.set(address, left);
      };
    };

    const refuseAddressOverLimit = async (request: FastifyRequest) => {
      const limitOf = request.routeOptions.config.addressLimit;
      if (!limitOf) return;
      const { key, limit } = limitOf(request.ip);
      const { count, retryAfterSeconds } = await app.rateLimiter.peek(key);
      if (count >= limit) throw new AppError('TooManyRequests', { details: { retryAfterSeconds } });
    };

    app.decorate('guardAnonymousRoutes', (scope: FastifyInstance) => {
      scope.addHook('onRoute', (route) => {
        route.bodyLimit ??= settings.bodyLimit;
      });
      scope.addHook('onRequest', refuseAddressOverLimit);
      scope.addHook('preParsing', (request, reply, payload, done) => {
        const address = request.ip;
        if (
          (bodiesOf.get(address) ?? 0) >= settings.bodiesPerAddress ||
          bodies >= settings.bodiesInAll
        ) {
          // The body stays unread: the connection ends with the answer.
          reply.header('connection', 'close');
          const key = bodies >= settings.bodiesInAll ? 'ServerBusy' : 'TooManyRequests';
          return done(new AppError(key, { details: { retryAfterSeconds: 1 } }));
        }
        const release = admitBody(address);
        const deadline = setTimeout(() => {
          release();
          request.raw.destroy();
        }, settings.bodyTimeoutMs);
        deadline.unref();
        const received = () => {
          clearTimeout(deadline);
          release();
        };
        payload.once('end', received);
        payload.once('close', received);
        payload.once('error', received);
        receivedOf.set(request, received);
        done(null, payload);
      });
      // A request answered without its body read (refused by a hook, or a GET).
      scope.addHook('onResponse', async (request) => receivedOf.get(request)?.());
      scope.addHook('onRequestAbort', async (request) => receivedOf.get(request)?.());
    });
  },
  { name: 'anonymous-routes' },
);
