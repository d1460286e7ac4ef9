import { Duplex } from 'node:stream';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import pg from 'pg';

/**
 * The embedded database on a thread of its own (`pglite-worker.mjs`): PGlite runs each statement
 * synchronously on the thread that owns it, and on the API's thread a flood of one club's requests
 * kept every other club's requests unread until it passed (docs/decisions/025). The API reaches it
 * with the `pg` driver, as it reaches PostgreSQL: `connect` gives the driver a stream whose bytes
 * go to the worker over a MessagePort.
 */
export type PgliteThread = {
  /** A new connection's stream, for `pg`'s `stream` option. */
  connect: () => Duplex;
  /** Calls `handler` with every notification the session receives (channel, payload). */
  onNotification: (handler: (channel: string, payload: string) => void) => () => void;
  /**
   * Once the connections open now have ended, discards what the session holds (listens, advisory
   * locks, temporary tables, settings) and sets its settings again, as a new session's.
   */
  resetSession: () => Promise<void>;
  /** A tarball of the data directory (PGlite's dumpDataDir), taken between two statements. */
  dump: (compression: 'none' | 'gzip') => Promise<Blob>;
  close: () => Promise<void>;
};

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'notification'; channel: string; payload: string }
  | { type: 'answer'; id: number; buffer?: ArrayBuffer; error?: string };

const workerFile = new URL('./pglite-worker.mjs', import.meta.url);

export async function startPgliteThread(options: {
  dataDir: string;
  sharedBuffersMb: number;
  loadDataDir?: Blob;
}): Promise<PgliteThread> {
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const worker = new Worker(workerFile, {
    workerData: { dataDir: options.dataDir, sharedBuffersMb: options.sharedBuffersMb, loadDataDir },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  const notificationHandlers = new Set<(channel: string, payload: string) => void>();
  const answers = new Map<number, (message: WorkerMessage & { type: 'answer' }) => void>();
  let nextId = 0;
  let exited = false;

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    worker.once('error', failed);
    worker.once('exit', (code) =>
      reject(new Error(`o banco embutido terminou ao abrir (${code})`)),
    );
    worker.once('message', (message: WorkerMessage) => {
      if (message.type !== 'ready') return reject(new Error('o banco embutido não abriu'));
      worker.off('error', failed);
      worker.removeAllListeners('exit');
      resolve();
    });
  });
  worker.on('exit', () => {
    exited = true;
    for (const answer of answers.values()) answer({ type: 'answer', id: -1, error: 'exited' });
    answers.clear();
  });
  // A failure inside the worker after it opened ends it; connections then fail on their own.
  worker.on('error', () => {});
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'notification') {
      for (const handler of notificationHandlers) handler(message.channel, message.payload);
    } else if (message.type === 'answer') {
      answers.get(message.id)?.(message);
      answers.delete(message.id);
    }
  });

  const ask = (request: Record<string, unknown>) =>
    new Promise<WorkerMessage & { type: 'answer' }>((resolve, reject) => {
      if (exited) return reject(new Error('o banco embutido está fechado'));
      const id = nextId++;
      answers.set(id, (answer) =>
        answer.error ? reject(new Error(answer.error)) : resolve(answer),
      );
      worker.postMessage({ ...request, id });
    });

  return {
    connect: () => new WorkerConnection(worker),
    onNotification: (handler) => {
      notificationHandlers.add(handler);
      return () => notificationHandlers.delete(handler);
    },
    resetSession: async () => {
      await ask({ type: 'reset-session' });
    },
    dump: async (compression) => {
      const { buffer } = await ask({ type: 'dump', compression });
      return new Blob([buffer!]);
    },
    close: async () => {
      if (exited) return;
      await ask({ type: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}

/**
 * One `pg` connection to the worker: what the driver writes goes to the worker as it is, what the
 * session answers comes back. Has what `pg` calls on a socket (`connect`, `setNoDelay`,
 * `setKeepAlive`); ending it ends the connection in the worker, which undoes what it left open.
 */
class WorkerConnection extends Duplex {
  #port: MessagePort | undefined;

  constructor(private readonly worker: Worker) {
    super();
  }

  connect(): this {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    port1.on('message', (data: Uint8Array | { error: string }) => {
      if (data instanceof Uint8Array)
        this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      else this.destroy(new Error(data.error));
    });
    port1.on('close', () => this.#endReading());
    this.worker.postMessage({ type: 'connect', port: port2 }, [port2]);
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.#port?.ref();
    return this;
  }

  unref(): this {
    this.#port?.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.#port?.postMessage(new Uint8Array(chunk));
    callback();
  }

  override _final(callback: () => void): void {
    this.#port?.postMessage(null);
    this.#port?.close();
    this.#endReading();
    callback();
  }

  #readingEnded = false;

  #endReading(): void {
    if (this.#readingEnded) return;
    this.#readingEnded = true;
    this.push(null);
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.#port?.close();
    callback(error);
  }
}

/** A pool of one connection: PGlite has one session, and a transaction holds it until it ends. */
export function pgliteThreadPool(thread: PgliteThread): pg.Pool {
  return new pg.Pool({
    max: 1,
    // PGlite's one database and user: a startup message naming others ends its session.
    user: 'postgres',
    database: 'postgres',
    // The connection is kept: opening one costs a round through the worker, and idle it costs
    // nothing.
    idleTimeoutMillis: 0,
    stream: () => thread.connect(),
  } as pg.PoolConfig);
}
