import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../config';

/** What a proxy's request id may look like (nginx's `$request_id` is 32 hex digits). */
const proxyRequestId = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Every request's id: on every log line of the request (`reqId`), in its answer's X-Request-Id
 * header, and on the web app's error page, so a person can quote it and an operator find the
 * request's lines in the logs of any process. Behind a trusted proxy (TRUST_PROXY) the proxy's
 * X-Request-Id is kept, so its access log and ours name the request alike; otherwise, or when it
 * is not a plain token, a random UUID: a client must not choose the id its lines are filed under.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  if (trustProxy === false) return () => randomUUID();
  return (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && proxyRequestId.test(given) ? given : randomUUID();
  };
}
