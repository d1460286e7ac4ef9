import { AppError } from '../lib/app-error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FairQueue, type Fairness, type Job } from '../lib/fair-queue';
import { dropWhenStalled } from '../lib/send-deadline';

/** A booking, a cancellation or a save (a write) goes before the reads of its flow, within a bound. */
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

/** When a request queued and when its turn came, in ms since it was routed (reply.elapsedTime). */
type Timing = { queued: number; turn?: number };

/**
 * How many requests of one key are worked on in one turn at most; the next of them then queues
 * again, behind what queued meanwhile. A family has a few members: a client sending its bookings
 * without pause must not keep a turn for good.
 */
export const maxRunsOfAKeyPerTurn = 8;

/**
 * Turns one flow (a club, a staff member, an address) may hold at once: all but one of the
 * process's, so that another club's request always finds a turn free instead of waiting for one
 * of a flooding club's requests to end (with a single turn, that one).
 */
export const turnsPerFlowOf = (limit: number) => Math.max(1, limit - 1);

/** How long a shed request's client is asked to wait before trying again, in seconds. */
export const retryAfterSeconds = 2;

/** Works on a request in the turn it was given; `passOn` ends its part of the turn. */
type Start = (passOn: () => void) => void;

/** Why a request leaves the queue or gives its turn back: its response closed. */
const responseClosed = Symbol('response closed');

export type AdmissionOptions = {
  /** Requests worked on at once. */
  limit: number;
  /** Writes of a flow that may start while one of its reads waits (reads age). */
  writesPerRead?: number;
  /** Requests waiting at most; past it the newest of the longest flow answers 503. */
  maxWaiting?: number;
  /** A request that waited longer than this (ms) answers 503 instead of starting. */
  maxWaitMs?: number;
  /** An answer whose client has taken none of it for this long (ms) drops the connection. */
  sendTimeoutMs?: number;
  serverTiming?: boolean;
  /** Told each time a request gets its turn, with its lane and how long it waited (ms). */
  onTurn?: (lane: string, waitedMs: number) => void;
  /** Told each time a request of a lane is shed (ServerBusy). */
  onShed?: (lane: string) => void;
};

export const admissionDefaults = {
  writesPerRead: 3,
  maxWaiting: 10_000,
  maxWaitMs: 30_000,
  sendTimeoutMs: 30_000,
};

/**
 * Whose request it is, for fairness: a member's requests share their club's flow in the portal's
 * lane; a staff member's requests share one flow in the back office's lane (their club's when they
 * are staff of one club); anything else (sign-ins, refreshes, public documents) the client
 * address's flow in its own lane. The members' hook and the staff hook have run by then.
 */
function fairnessOf(request: FastifyRequest): Fairness {
  const member = request.member as { companyId: string } | null | undefined;
  if (member) return { lane: 'portal', flow: member.companyId };
  const staff = request.staff as
    { userId: string; companyIds: ReadonlySet<string> } | null | undefined;
  if (staff) {
    const only = staff.companyIds.size === 1 ? [...staff.companyIds][0] : undefined;
    return { lane: 'backoffice', flow: only ?? `staff:${staff.userId}` };
  }
  return { lane: 'public', flow: request.ip };
}

/**
 * At most `limit` API requests are worked on at once; the others wait their turn in a fair queue
 * (lib/fair-queue.ts): round robin between the portal, the back office and the requests without a
 * session, and between the clubs (staff, addresses) of each; inside a club writes go first, but a
 * read is passed by at most `writesPerRead` writes. One club's rush or one client's flood costs
 * every other club a bounded delay, never its turn.
 *
 * Without turns every request that arrives starts at once: in a rush (members pressing together as
 * the booking window opens) two thousand requests share the two cores and the pool's connections,
 * each step of each one waits behind a step of all the others. With them the few requests being
 * worked on finish in a few milliseconds each, and the waiting happens in the queue.
 *
 * A request queues once it is authenticated, its body received and validated (the last step
 * before its handler): a request refused for its token or its input never waits, and a client
 * sending its body slowly holds no turn meanwhile. Its turn ends when its answer is handed to the
 * connection (onSend), not when the client has read it: a client that never reads holds no turn.
 * A connection that then takes nothing of its answer for `sendTimeoutMs` is dropped
 * (lib/send-deadline.ts); a long answer that keeps flowing is never cut. A request leaves the queue unstarted when its client goes away while it waits. When the
 * queue is full the newest request of the longest flow answers 503 (`ServerBusy`, Retry-After);
 * one that waited past `maxWaitMs` answers the same when its turn comes.
 *
 * Routes that would hold a turn without working do not queue: the live event stream (open for
 * minutes), the uploads and the associates import (they read their file from the client in their
 * handler), the health checks and the API's documents (large, public and the same for everyone).
 * Their route config says `admission: 'exempt'`. Only `/api/` requests queue; the web app's files
 * never do.
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
  async (app: FastifyInstance, options: AdmissionOptions) => {
    const settings = { ...admissionDefaults, ...options };
    const queue = new FairQueue({
      limit: settings.limit,
      turnsPerFlow: turnsPerFlowOf(settings.limit),
      writesPerRead: settings.writesPerRead,
      maxWaiting: settings.maxWaiting,
      maxWaitMs: settings.maxWaitMs,
    });
    // The requests of a key (route config `admissionKey`) waiting for the turn one of that key
    // holds or waits for: they run after it, one by one, in that same turn.
    const chains = new Map<string, Array<{ start: Start; shed: () => void; lane: string }>>();
    app.decorate('admission', {
      get working() {
        return queue.working;
      },
      get waiting() {
        let chained = 0;
        for (const chain of chains.values()) chained += chain.length;
        return queue.waiting + chained;
      },
      waitingByLane: () => {
        const counts = queue.waitingByLane();
        for (const chain of chains.values())
          for (const { lane } of chain) counts.set(lane, (counts.get(lane) ?? 0) + 1);
        return counts;
      },
      oldestWait: () => queue.oldestWait(),
      stalledFor: () => queue.stalledFor(),
      maxWaitMs: settings.maxWaitMs,
    });

    // The API's documents are large, public and the same for everyone: they never take a turn.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs'))
        route.config = { ...(route.config as object), admission: 'exempt' } as typeof route.config;
    });

    /**
     * Queues a request (`start`), and with a key the turn it gets passes to the key's requests
     * that come meanwhile, up to maxRunsOfAKeyPerTurn of them, before it ends.
     */
    const enqueue = (
      start: Start,
      shed: () => void,
      fairness: Fairness & { write: boolean },
      key?: string,
      signal?: AbortSignal,
    ) => {
      const job: Job = {
        ...fairness,
        queuedAt: performance.now(),
        shed: () => {
          if (key !== undefined) {
            // Its key's requests waiting behind it are shed with it: none of them had a turn.
            for (const next of chains.get(key) ?? []) next.shed();
            chains.delete(key);
          }
          shed();
        },
        run: (endTurn) => {
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
            enqueue(next.start, next.shed, fairness, key);
          };
          start(passOn);
        },
      };
      // Aborted while waiting: the client left before its turn and nothing was started.
      signal?.addEventListener('abort', () => queue.remove(job), { once: true });
      queue.add(job);
    };

    // How to end each admitted request's turn: once its answer is handed over or its client is gone.
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
      const queuedAt = performance.now();
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
        settings.onTurn?.(fairness.lane, performance.now() - queuedAt);
        closed.signal.addEventListener('abort', end, { once: true });
        done();
      };
      const shed = () => {
        settings.onShed?.(fairness.lane);
        done(new AppError('ServerBusy', { details: { retryAfterSeconds: retryAfterSeconds } }));
      };
      const fairness = { ...fairnessOf(request), write: isWrite(request.method) };
      const key = config.admissionKey?.(request);
      if (key === undefined) return void enqueue(start, shed, fairness, undefined, closed.signal);
      const chain = chains.get(key);
      if (chain) return void chain.push({ start, shed, lane: fairness.lane });
      chains.set(key, []);
      // Heading its key's chain, it keeps its place when its client leaves: its turn then passes
      // at once to the requests of its key that came meanwhile.
      enqueue(start, shed, fairness, key);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (timings) {
        const { queued, turn } = timings.get(request) ?? {};
        if (queued !== undefined && turn !== undefined)
          reply.header(
            'server-timing',
            `pre;dur=${queued.toFixed(1)}, queue;dur=${(turn - queued).toFixed(1)}, turn;dur=${(reply.elapsedTime - turn).toFixed(1)}, sent;desc="${(performance.timeOrigin + performance.now()).toFixed(2)}"`,
          );
      }
      // The answer is ready and handed to the connection: the turn goes to the next request,
      // however long this client takes to read it.
      turns.get(request)?.();
      // And a client that stops reading it loses its connection; one that reads keeps it, however
      // long the answer.
      dropWhenStalled(reply.raw, settings.sendTimeoutMs);
      return payload;
    });
    // Also here, for answers that never pass onSend, and because a response that is not a
    // socket's (app.inject) may emit 'close' late.
    app.addHook('onResponse', async (request) => turns.get(request)?.());
  },
  { name: 'admission' },
);
