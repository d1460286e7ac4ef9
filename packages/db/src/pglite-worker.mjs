// The embedded database's own thread (started by pglite-thread.ts). PGlite runs PostgreSQL
// compiled to WebAssembly, synchronously: every statement holds the thread it runs on. Here that
// thread is this worker, so the API's event loop keeps reading, queueing and answering requests
// while a statement runs. The API talks to it with the `pg` driver, as to PostgreSQL: each
// connection is a MessagePort carrying the wire protocol's bytes (no socket, nothing another
// process can reach). Plain JavaScript: a worker thread runs a file as it is, without the
// TypeScript loader of the tests and `tsx`, and the API's bundle copies it beside itself.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** @type {{ dataDir: string; sharedBuffersMb: number; loadDataDir?: ArrayBuffer }} */
const options = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

const pglite = await PGlite.create(options.dataDir, {
  extensions: { btree_gist, pg_trgm, unaccent },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMb}MB`],
  ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
});
// PGlite has one session, shared by every connection in turn: its settings are set once here
// (PostgreSQL's connections get the same from the pool's startup options), and again after the
// session is reset (`reset-session` below).
const sessionSettings = `set timezone to 'UTC'`;
await pglite.exec(sessionSettings);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A message of the wire protocol: its type byte, then its length (itself included) and body. */
function message(type, body) {
  const bytes = new Uint8Array(5 + body.length);
  bytes[0] = type.charCodeAt(0);
  new DataView(bytes.buffer).setInt32(1, 4 + body.length);
  bytes.set(body, 5);
  return bytes;
}
const simpleQuery = (text) => message('Q', encoder.encode(`${text}\0`));

/**
 * What a connection leaves behind in the one session when it ends, undone before the next one
 * starts: a transaction it left open (a connection dropped mid-transaction) and its named
 * statements (the next connection's driver knows none of them). LISTENs stay: the process's
 * listener runs on whichever connection is open. The Sync first ends an extended query the
 * connection left unfinished.
 */
function sessionReset() {
  const parts = [
    message('S', new Uint8Array(0)),
    ...(pglite.isInTransaction() ? [simpleQuery('rollback')] : []),
    simpleQuery('deallocate all'),
  ];
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/**
 * Connections are served one after another (the API's pool has one): a connection's first
 * message waits until the one before it has ended and its leftovers are undone, even when the
 * new connection's messages arrive before the old one's end.
 */
let previousConnection = Promise.resolve();

/** Runs wire-protocol bytes (whole messages) on the session, one call at a time; answers the output. */
function execute(bytes) {
  return pglite.runExclusive(async () => {
    const chunks = [];
    let length = 0;
    await pglite.execProtocolRawStream(bytes, {
      onRawData: (chunk) => {
        chunks.push(chunk.slice());
        length += chunk.length;
      },
    });
    const output = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      output.set(chunk, offset);
      offset += chunk.length;
    }
    forwardNotifications(output);
    return output;
  });
}

/**
 * The session's NOTIFYs come back in the output of the statement that committed them, whichever
 * connection sent it; they are handed to the API's listener (DatabaseHandle.listen).
 */
function forwardNotifications(output) {
  const view = new DataView(output.buffer, output.byteOffset, output.byteLength);
  for (let offset = 0; offset + 5 <= output.length;) {
    const length = view.getInt32(offset + 1);
    if (output[offset] === 0x41 /* A: NotificationResponse */) {
      const body = output.subarray(offset + 9, offset + 1 + length);
      const end = body.indexOf(0);
      port.postMessage({
        type: 'notification',
        channel: decoder.decode(body.subarray(0, end)),
        payload: decoder.decode(body.subarray(end + 1, body.indexOf(0, end + 1))),
      });
    }
    offset += 1 + length;
  }
}

/** Serves one connection of the API's pool on `connection` (a MessagePort) until it ends. */
function serve(connection) {
  let pending = new Uint8Array(0);
  let started = false;
  let ended = false;
  let last = previousConnection;
  let done = () => {};
  previousConnection = new Promise((resolve) => (done = resolve));
  const end = () => {
    if (ended) return;
    ended = true;
    connection.close();
    last = last
      .then(() =>
        pglite.closed
          ? undefined
          : pglite.runExclusive(async () => {
              await pglite.execProtocolRawStream(sessionReset(), { onRawData: () => {} });
            }),
      )
      // The database closing meanwhile leaves nothing to undo.
      .catch(() => {})
      .then(done);
  };
  connection.on('close', end);
  connection.on('message', (data) => {
    if (data === null) return end();
    const received = new Uint8Array(pending.length + data.length);
    received.set(pending);
    received.set(data, pending.length);
    // The startup message (no type byte) is run alone; then every complete message received.
    let complete = 0;
    const view = new DataView(received.buffer);
    if (!started) {
      if (received.length < 4 || received.length < view.getInt32(0)) {
        pending = received;
        return;
      }
      complete = view.getInt32(0);
      started = true;
    } else {
      while (complete + 5 <= received.length) {
        const next = complete + 1 + view.getInt32(complete + 1);
        if (next > received.length) break;
        complete = next;
      }
    }
    pending = received.slice(complete);
    if (complete === 0) return;
    const bytes = received.subarray(0, complete);
    last = last
      .then(() => execute(bytes))
      .then(
        (output) => {
          if (!ended && output.length > 0) connection.postMessage(output, [output.buffer]);
        },
        (error) => {
          connection.postMessage({ error: String(error?.message ?? error) });
          end();
        },
      );
  });
}

port.on('message', async (request) => {
  try {
    if (request.type === 'connect') return serve(request.port);
    if (request.type === 'reset-session') {
      // After the connections open now have ended: what the session still holds from them
      // (listens, advisory locks, temporary tables, settings) is discarded.
      const reset = previousConnection.then(async () => {
        await pglite.exec('discard all');
        await pglite.exec(sessionSettings);
      });
      previousConnection = reset.catch(() => {});
      await reset;
      return port.postMessage({ type: 'answer', id: request.id });
    }
    if (request.type === 'dump') {
      const dump = await pglite.dumpDataDir(request.compression);
      const buffer = await dump.arrayBuffer();
      return port.postMessage({ type: 'answer', id: request.id, buffer }, [buffer]);
    }
    if (request.type === 'close') {
      if (!pglite.closed) await pglite.close();
      port.postMessage({ type: 'answer', id: request.id });
      return port.close();
    }
  } catch (error) {
    port.postMessage({ type: 'answer', id: request.id, error: String(error?.stack ?? error) });
  }
});
port.postMessage({ type: 'ready' });
