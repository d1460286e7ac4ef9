import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';

/**
 * A client of the deployment as a browser reaches it: HTTPS and HTTP/2 to nginx (node:http2
 * refuses anything else), trusting the run's self-signed certificate only.
 */
export type H2Response = { status: number; headers: IncomingHttpHeaders; text: string };

export type H2Client = {
  request: (
    path: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ) => Promise<H2Response>;
  /** Opens a server-sent events stream; resolves once its `ready` event arrived. */
  openStream: (path: string, token: string) => Promise<EventStream>;
  close: () => void;
};

export type EventStream = {
  /** Each `change` event's data, with the time it arrived (performance.now()). */
  changes: { data: unknown; at: number }[];
  waitForChange: (matches: (data: unknown) => boolean, timeoutMs: number) => Promise<number>;
  /** True once the server ended the stream (its process went away). */
  ended: () => boolean;
  close: () => void;
};

export function connectH2(origin: string, ca: string): H2Client {
  let session: ClientHttp2Session | undefined;
  const current = () => {
    if (!session || session.closed || session.destroyed) {
      session = connect(origin, { ca });
      session.on('error', () => {});
    }
    return session;
  };

  const request: H2Client['request'] = (path, init = {}) =>
    new Promise((resolve, reject) => {
      const body = init.body === undefined ? undefined : JSON.stringify(init.body);
      const stream = current().request({
        ':method': init.method ?? (body === undefined ? 'GET' : 'POST'),
        ':path': path,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      });
      stream.setTimeout(30_000, () => stream.close());
      let headers: IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (received) => (headers = received));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        resolve({
          status: Number(headers[':status'] ?? 0),
          headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      stream.on('error', reject);
      stream.end(body);
    });

  const openStream: H2Client['openStream'] = (path, token) =>
    new Promise((resolve, reject) => {
      const stream = current().request({
        ':path': path,
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      });
      const changes: EventStream['changes'] = [];
      let buffer = '';
      let ready = false;
      let ended = false;
      const eventStream: EventStream = {
        changes,
        waitForChange: async (matches, timeoutMs) => {
          const deadline = performance.now() + timeoutMs;
          for (;;) {
            const change = changes.find((candidate) => matches(candidate.data));
            if (change) return change.at;
            if (performance.now() > deadline)
              throw new Error(`no matching event in ${timeoutMs} ms`);
            await new Promise((wake) => setTimeout(wake, 5));
          }
        },
        ended: () => ended,
        close: () => stream.close(),
      };
      stream.on('close', () => (ended = true));
      stream.on('response', (headers) => {
        if (headers[':status'] !== 200) reject(new Error(`stream answered ${headers[':status']}`));
      });
      stream.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event === 'ready' && !ready) {
            ready = true;
            resolve(eventStream);
          }
          if (event === 'change' && data) {
            changes.push({ data: JSON.parse(data), at: performance.now() });
          }
        }
      });
      stream.on('error', (error) => {
        if (!ready) reject(error);
      });
    });

  return { request, openStream, close: () => session?.close() };
}

/** The JSON body of an answer, failing with the answer when its status is not `expected`. */
export function jsonOf<T = Record<string, unknown>>(response: H2Response, expected: number): T {
  if (response.status !== expected) {
    throw new Error(`expected ${expected}, got ${response.status}: ${response.text.slice(0, 500)}`);
  }
  return JSON.parse(response.text) as T;
}
