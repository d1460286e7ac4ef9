import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import PQueue from 'p-queue';

/** A booking, a cancellation or a save (a write) goes before any read. */
const priorityOf = (method: string) => (method === 'GET' || method === 'HEAD' ? 0 : 1);

/** When a request queued and when its turn came, in ms since it was routed (reply.elapsedTime). */
type Timing = { queued: number; turn?: number };

/** Why a request leaves the queue or gives its turn back: its response closed. */
const responseClosed = Symbol('response closed');

/**
 * At most `limit` API requests are worked on at once; the others wait their turn here, writes
 * before reads, each kind in arrival order.
 *
 * Without it every request that arrives starts at once: in a rush (members pressing together as
 * the booking window opens) two thousand requests share the two cores and the pool's connections,
 * each step of each one waits behind a step of all the others, and a member's booking waits
 * behind everyone's slot lists. With it the few requests being worked on finish in a few
 * milliseconds each, and the waiting happens in one queue where a booking or a cancellation
 * passes the reads: a member who pressed "Reservar" learns at once whether the slot is theirs;
 * a slot list may load later. Writes cannot starve reads in the portal's use: a member writes
 * only after reading.
 *
 * A request queues once it is authenticated, its body received and validated (the last step
 * before its handler): a request refused for its token or its input never waits, and a client
 * sending its body slowly holds no turn meanwhile. It leaves the queue unstarted when its client
 * goes away while it waits. Routes that would hold a turn without working do not queue: the live
 * event stream (open for minutes), the uploads and the associates import (they read their file
 * from the client in their handler) and the health check. Their route config says
 * `admission: 'exempt'`. Only `/api/` requests queue; the web app's files never do.
 *
 * With `serverTiming`, every queued request's answer says where its time went, in a
 * `Server-Timing` header (milliseconds): `pre` before it queued (authentication, reading and
 * validating its input), `queue` waiting for its turn, `turn` from its turn to its answer. Off
 * unless configured (SERVER_TIMING): it tells clients how busy the server is.
 */
export const admissionPlugin = fp(
  async (app: FastifyInstance, options: { limit: number; serverTiming?: boolean }) => {
    const queue = new PQueue({ concurrency: options.limit });
    app.decorate('admission', {
      get working() {
        return queue.pending;
      },
      get waiting() {
        return queue.size;
      },
    });

    // How to end each admitted request's turn: once its answer is sent or its client is gone.
    const turns = new WeakMap<FastifyRequest, () => void>();
    const timings = options.serverTiming ? new WeakMap<FastifyRequest, Timing>() : null;
    app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.admission === 'exempt')
        return done();
      // The client left while the request was being authenticated or read: no one waits for
      // its answer, and its 'close' has already gone, so it would never give a turn back.
      if (reply.raw.closed || reply.raw.destroyed) return void reply.hijack();
      // The response closes once the answer is sent or the client went away, whichever is first:
      // a request still waiting leaves the queue unstarted, one being worked on gives its turn.
      const closed = new AbortController();
      // With a reason of its own: abort() without one builds a DOMException, stack and all, and
      // every request's response closes.
      reply.raw.once('close', () => closed.abort(responseClosed));
      const timing: Timing | undefined = timings ? { queued: reply.elapsedTime } : undefined;
      if (timing) timings!.set(request, timing);
      queue
        .add(
          () =>
            new Promise<void>((endTurn) => {
              turns.set(request, endTurn);
              if (timing) timing.turn = reply.elapsedTime;
              closed.signal.addEventListener('abort', () => endTurn(), { once: true });
              done();
            }),
          { priority: priorityOf(request.method), signal: closed.signal },
        )
        // Aborted while waiting: the client left before its turn and nothing was started.
        .catch(() => undefined);
    });
    // Also here, because a response that is not a socket's (app.inject) may emit 'close' late.
    app.addHook('onResponse', async (request) => turns.get(request)?.());
    if (timings)
      app.addHook('onSend', async (request, reply, payload) => {
        const { queued, turn } = timings.get(request) ?? {};
        if (queued !== undefined && turn !== undefined)
          reply.header(
            'server-timing',
            `pre;dur=${queued.toFixed(1)}, queue;dur=${(turn - queued).toFixed(1)}, turn;dur=${(reply.elapsedTime - turn).toFixed(1)}`,
          );
        return payload;
      });
  },
  { name: 'admission' },
);
