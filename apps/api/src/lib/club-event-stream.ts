import type { ClubEvent } from '@clube/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line now and then keeps proxies and the browser from dropping an idle stream. */
const heartbeatMs = 25_000;

/**
 * Events a client has not read pile up in the server's memory: past this many bytes the client is
 * not reading, and its stream is dropped (it reconnects and reloads, like after any outage).
 */
export const maxUnreadEventBytes = 256 * 1024;

/**
 * Streams one person (a staff account, a member) may hold open in a process: a few tabs and
 * devices. Opening one more ends their oldest, so a reloading page is never refused, and one
 * token cannot pile up connections and subscriptions until the process runs out of them.
 */
export const maxStreamsPerPerson = 4;

/** The open streams' ends, by person (`realm:sub`), oldest first. */
const streamsOf = new Map<string, (() => void)[]>();

/**
 * Answers the request with the server-sent events of one club (the caller's club, checked by the
 * route before): `event: ready` once subscribed, then `event: change` per booking, cancellation or
 * block of that club from any API process, and a comment every 25 s. The events name a place and
 * a date, never a person, so staff and members hear the same ones. The stream ends when the access
 * token expires, so someone who lost access stops hearing it within 15 minutes; the client
 * reconnects with a fresh token.
 */
export function streamClubEvents(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  companyId: string,
): void {
  const {
    exp: expiresAt,
    sub,
    realm,
  } = request.user as { exp?: number; sub: string; realm: string };
  const person = `${realm}:${sub}`;
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
    const open = (streamsOf.get(person) ?? []).filter((other) => other !== end);
    if (open.length > 0) streamsOf.set(person, open);
    else streamsOf.delete(person);
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(expiry);
    app.clubEventStreams.delete(end);
    if (!raw.writableEnded) raw.end();
    if (closing) raw.destroy();
  };
  app.clubEventStreams.add(end);
  const open = [...(streamsOf.get(person) ?? []), end];
  streamsOf.set(person, open);
  if (open.length > maxStreamsPerPerson) open[0]!(true);
  request.raw.on('close', () => end());
  // Subscribed before this line: a client that has read `ready` misses nothing after it.
  raw.write(`retry: 2000\nevent: ready\ndata: {}\n\n`);
}
