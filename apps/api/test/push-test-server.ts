import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the push service received. */
export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type PushTestServer = {
  /** Base of this service's endpoints (`${url}/device/<name>`). */
  url: string;
  received: ReceivedPush[];
  /** The status the next requests are answered with (201, as a push service accepts). */
  answer: (status: number) => void;
  close: () => Promise<void>;
};

/**
 * A push service on 127.0.0.1 for the tests: it keeps every POST it receives (encrypted body and
 * headers, among them the VAPID Authorization) and answers the status it was told.
 */
export async function startPushTestServer(): Promise<PushTestServer> {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(status).end(status >= 400 ? 'push service refused' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (next) => {
      status = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
