import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import PQueue from 'p-queue';

/** A booking, a cancellation or a save (a write) goes before any read. */
const priorityOf = (method: string) => (method === 'GET' || method === 'HEAD' ? 0 : 1);

/** When a request queued and when its turn came, in ms since it was routed (reply.elapsedTime). */
type Timing = { queued: number; turn?: number };

/**
 * How many requests of one key are worked on in one turn at most; the next of them then queues
 * again, behind what queued meanwhile. A family has a few members: a client sending its bookings
 * without pause must not keep a turn for good.
 */
export const maxRunsOfAKeyPerTurn = 8;

/** Works on a request in the turn it was given; `passOn` ends its part of the turn. */
type Start = (passOn: () => void) => void;

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
 * A route may name a key for its requests (`admissionKey`: a member's bookings, their family's
 * title): a request whose key another request holds a turn for (or waits for) does not queue; it
 * waits for that one and is worked on after it, in the same turn, before anything else, up to
 * `maxRunsOfAKeyPerTurn` requests of a key per turn. Requests that would wait for each other
 * anyway (a family's bookings wait for the title's lock in the database) then spend one turn, not
 * one each with all but one of them waiting for a lock.
 *
 * With `serverTiming`, every queued request's answer says where its time went, in a
 * `Server-Timing` header (milliseconds): `pre` before it queued (authentication, reading and
 * validating its input), `queue` waiting for its turn, `turn` from its turn to its answer, and
 * `sent` when the answer left (the Unix epoch in milliseconds, its description), so that a client
 * on the same machine can tell how long the answer took to reach it. Off unless configured
 * (SERVER_TIMING): it tells clients how busy the server is.
 */
export const admissionPlugin = fp(
  async (app: FastifyInstance, options: { limit: number; serverTiming?: boolean }) => {
    const queue = new PQueue({ concurrency: options.limit });
    // The requests of a key (route config `admissionKey`) waiting for the turn one of that key
    // holds or waits for: they run after it, one by one, in that same turn.
    const chains = new Map<string, Array<{ start: Start; priority: number }>>();
    app.decorate('admission', {
      get working() {
        return queue.pending;
      },
      get waiting() {
        let chained = 0;
        for (const chain of chains.values()) chained += chain.length;
        return queue.size + chained;
      },
    });

    /**
     * Queues a request (`start`), and with a key the turn it gets passes to the key's requests
     * that come meanwhile, up to maxRunsOfAKeyPerTurn of them, before it ends.
     */
    const enqueue = (start: Start, priority: number, key?: string, signal?: AbortSignal) =>
      queue
        .add(
          () =>
            new Promise<void>((endTurn) => {
              let runs = 1;
              const passOn = () => {
                const next = key === undefined ? undefined : chains.get(key)?.shift();
                if (!next) {
                  if (key !== undefined) chains.delete(key);
                  return endTurn();
                }
                if (runs < maxRunsOfAKeyPerTurn) {
                  runs += 1;
                  return next.start(passOn);
                }
                // The key had its share of this turn: its next request queues again, its chain
                // (and whoever of the key comes meanwhile) behind it.
                endTurn();
                enqueue(next.start, next.priority, key);
              };
              start(passOn);
            }),
          { priority, signal },
        )
        // Aborted while waiting: the client left before its turn and nothing was started.
        .catch(() => undefined);

    // How to end each admitted request's turn: once its answer is sent or its client is gone.
    const turns = new WeakMap<FastifyRequest, () => void>();
    const timings = options.serverTiming ? new WeakMap<FastifyRequest, Timing>() : null;
    app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
      const config = request.routeOptions.config;
      if (!request.url.startsWith('/api/') || config.admission === 'exempt') return done();
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
      const start: Start = (passOn) => {
        // Its client left while it waited behind its key's request: the turn goes on at once.
        if (closed.signal.aborted) return passOn();
        let passed = false;
        const end = () => {
          if (passed) return;
          passed = true;
          passOn();
        };
        turns.set(request, end);
        if (timing) timing.turn = reply.elapsedTime;
        closed.signal.addEventListener('abort', end, { once: true });
        done();
      };
      const priority = priorityOf(request.method);
      const key = config.admissionKey?.(request);
      if (key === undefined) return void enqueue(start, priority, undefined, closed.signal);
      const chain = chains.get(key);
      if (chain) return void chain.push({ start, priority });
      chains.set(key, []);
      // Heading its key's chain, it keeps its place when its client leaves: its turn then passes
      // at once to the requests of its key that came meanwhile.
      enqueue(start, priority, key);
    });
    // Also here, because a response that is not a socket's (app.inject) may emit 'close' late.
    app.addHook('onResponse', async (request) => turns.get(request)?.());
    if (timings)
      app.addHook('onSend', async (request, reply, payload) => {
        const { queued, turn } = timings.get(request) ?? {};
        if (queued !== undefined && turn !== undefined)
          reply.header(
            'server-timing',
            `pre;dur=${queued.toFixed(1)}, queue;dur=${(turn - queued).toFixed(1)}, turn;dur=${(reply.elapsedTime - turn).toFixed(1)}, sent;desc="${(performance.timeOrigin + performance.now()).toFixed(2)}"`,
          );
        return payload;
      });
  },
  { name: 'admission' },
);
