import type { Database } from '@clube/db';
import type { SQL } from 'drizzle-orm';
import {
  claimDue,
  release,
  settleDone,
  settleFailed,
  type ClaimedRow,
  type LeasedTable,
} from './queue';

export type JobLogger = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/** What a queue's work may do with the rows it claimed: settle them, and be told to stop. */
export type WorkContext = {
  db: Database;
  log: JobLogger;
  /** Aborted when the runner stops: long work ends after the piece in hand and `release`s. */
  signal: AbortSignal;
  leaseSeconds: number;
  concurrency: number;
  done: (rows: ClaimedRow[], status: string, set?: SQL) => Promise<void>;
  /** A failed attempt: tried again later or given up (logged either way). */
  fail: (
    row: ClaimedRow,
    failure: {
      error: Error;
      permanent: boolean;
      set?: (giveUp: boolean) => SQL;
      wrapGiveUp?: (update: SQL) => SQL;
    },
  ) => Promise<void>;
  /** Unfinished (stopped, with progress made): due again at once, not counted as a failure. */
  release: (row: ClaimedRow) => Promise<void>;
};

/**
 * One kind of background work: the table it is queued in and what is done with what was claimed.
 * `noun` names it in the logs ("message given up") and in the counters.
 */
export type Queue<Row extends ClaimedRow = ClaimedRow> = {
  noun: string;
  table: LeasedTable;
  /** Run before each claim (the schedules' jobs of the period are queued there). */
  prepare?: (db: Database) => Promise<void>;
  /** Rows claimed at once, when not the runner's `batchSize`. */
  batchSize?: number;
  work: (rows: Row[], context: WorkContext) => Promise<void>;
};

/** What a runner has done since it started, by queue: for the operator and a metrics endpoint. */
export type QueueCounters = { claimed: number; done: number; retried: number; failed: number };

export type JobRunnerOptions = {
  queues: Queue<never>[];
  log: JobLogger;
  /** Rows claimed at once per queue: a batch is a few short statements, never a long transaction. */
  batchSize?: number;
  /** Rows of a batch worked at the same time. */
  concurrency?: number;
  /** Seconds a claim lasts: a runner that died mid-work leaves its rows to others after it. */
  leaseSeconds?: number;
  /**
   * Milliseconds between looks when nothing woke the runner: work queued by another process, or
   * committed in a transaction this process was not told about, waits at most this long.
   */
  pollMs?: number;
  /**
   * Awaited after a full batch (more may be due), with how long it took: by default the event
   * loop's next turn; on the embedded database a rest as long as the batch (`restAsLongAs`).
   */
  afterFullBatch?: (elapsedMs: number) => Promise<void>;
};

export type JobRunner = {
  /** Works the queues until `stop`. */
  start: () => void;
  /** Ends the loop after the work in hand (long work gives its row back unfinished). */
  stop: () => Promise<void>;
  /** Looks at the queues now (something was just committed). */
  wake: () => void;
  /** Claims and works one batch of each queue; answers how many rows it claimed. */
  runOnce: () => Promise<number>;
  counters: () => Record<string, QueueCounters>;
};

/** Runs `work` on every item, at most `concurrency` at once. */
export async function forEachLimited<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

/**
 * The background worker of one API process: the outbox's messages, their pushes and the named
 * jobs, each a `Queue`. Any number of processes may run one on the same database: each claims its
 * own rows (`claimDue`). Work is done at least once: a row is settled only after its work, so a
 * crash in between does it again once the lease is over; a crash before only delays it.
 */
export function createJobRunner(db: Database, options: JobRunnerOptions): JobRunner {
  const {
    queues,
    log,
    batchSize = 10,
    concurrency = 2,
    leaseSeconds = 300,
    pollMs = 1_000,
    afterFullBatch = () => new Promise<void>((resolve) => setImmediate(resolve)),
  } = options;
  let running = false;
  let loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  let stopping = new AbortController();
  const counters = Object.fromEntries(
    queues.map((queue) => [queue.noun, { claimed: 0, done: 0, retried: 0, failed: 0 }]),
  ) as Record<string, QueueCounters>;

  function contextOf(queue: Queue<never>): WorkContext {
    const count = counters[queue.noun]!;
    return {
      db,
      log,
      signal: stopping.signal,
      leaseSeconds,
      concurrency,
      async done(rows, status, set) {
        await settleDone(db, queue.table, rows, { status, set });
        count.done += rows.length;
      },
      async fail(row, failure) {
        const giveUp = await settleFailed(db, queue.table, row, {
          error: failure.error.message,
          permanent: failure.permanent,
          set: failure.set,
          wrapGiveUp: failure.wrapGiveUp,
        });
        const outcome = {
          [`${queue.noun}Id`]: row.id,
          attempts: row.attempts,
          permanent: failure.permanent,
          err: failure.error,
        };
        // Called on the logger itself: pino's methods read their object.
        if (giveUp) {
          count.failed += 1;
          log.error(outcome, `${queue.noun} given up`);
        } else {
          count.retried += 1;
          log.warn(outcome, `${queue.noun} will be tried again`);
        }
      },
      release: (row) => release(db, queue.table, row),
    };
  }

  async function runQueue(queue: Queue<never>): Promise<number> {
    await queue.prepare?.(db);
    const rows = await claimDue<never>(db, queue.table, {
      limit: queue.batchSize ?? batchSize,
      leaseSeconds,
    });
    if (rows.length === 0) return 0;
    counters[queue.noun]!.claimed += rows.length;
    await queue.work(rows, contextOf(queue));
    return rows.length;
  }

  /** Claims and works one batch of each queue; answers how many rows it claimed. */
  async function runOnce(): Promise<number> {
    let claimed = 0;
    for (const queue of queues) claimed += await runQueue(queue);
    return claimed;
  }

  /**
   * One loop per queue, so a long job never holds up the messages: each claims a batch, works it,
   * then waits for a wake or the poll, or only for its turn after a full batch.
   */
  function loopOver(queue: Queue<never>): Promise<void> {
    let woken = false;
    let wakeUp: (() => void) | undefined;
    const pause = () => {
      if (woken) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        timer.unref();
        function done() {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        }
        wakeUp = done;
      });
    };
    wakers.add(() => {
      woken = true;
      wakeUp?.();
    });
    const limit = queue.batchSize ?? batchSize;
    return (async () => {
      while (running) {
        let claimed = 0;
        const started = performance.now();
        try {
          claimed = await runQueue(queue);
        } catch (error) {
          log.error({ err: error, queue: queue.noun }, 'background work could not be done');
        }
        if (!running) break;
        // A full batch means more may be due: the next one after other work had its turn.
        if (claimed >= limit) await afterFullBatch(performance.now() - started);
        else await pause();
      }
    })();
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = new AbortController();
      loops = queues.map(loopOver);
    },
    async stop() {
      running = false;
      stopping.abort();
      for (const wake of wakers) wake();
      await Promise.all(loops);
      wakers.clear();
    },
    wake() {
      for (const wake of wakers) wake();
    },
    runOnce,
    counters: () => structuredClone(counters),
  };
}
