type Logger = {
  error: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
};

export type AfterResponse = {
  /**
   * Runs `work` once the current request has been answered; its failure is only logged, with
   * `log` (the request's, so the line carries its request id) or else the app's.
   */
  run: (work: () => Promise<unknown>, log?: Logger) => void;
  /** Resolves when no such work is left (tests, and closing the app). */
  idle: () => Promise<void>;
};

export type AfterResponseLimits = {
  /** Pieces of work run at once; the others wait their turn, in arrival order. */
  concurrency: number;
  /** Pieces waiting at most; past it new work is dropped (and logged). */
  maxWaiting: number;
};

/**
 * Work a request starts but must not wait for, because its duration (or its result) must not show
 * in the answer: the CPF lookups of Primeiro acesso and Esqueci minha senha. It runs after the
 * reply has been written, outside the request queue, so it is bounded here: a few at once, the
 * rest waiting, and past `maxWaiting` new work is dropped. A flood of link requests from many
 * addresses then costs the database a fixed share, never a pile of lookups racing the queue's
 * turns; a request dropped under such a flood sends no link, and its answer said nothing anyway.
 */
export function createAfterResponse(
  log: Logger,
  limits: AfterResponseLimits = { concurrency: 2, maxWaiting: 1000 },
  /** Called after each piece of work (the job runner looks for what it queued). */
  afterEach: () => void = () => {},
): AfterResponse {
  const waiting: Array<{ work: () => Promise<unknown>; log: Logger }> = [];
  let running = 0;
  let drained: Array<() => void> = [];
  const next = () => {
    while (running < limits.concurrency && waiting.length > 0) {
      const { work, log: workLog } = waiting.shift()!;
      running += 1;
      void work()
        .catch((error: unknown) => workLog.error({ err: error }, 'work after the response failed'))
        .finally(() => {
          running -= 1;
          afterEach();
          next();
        });
    }
    if (running === 0 && waiting.length === 0) {
      for (const resolve of drained) resolve();
      drained = [];
    }
  };
  return {
    run(work, workLog = log) {
      if (waiting.length >= limits.maxWaiting) {
        workLog.warn(
          { waiting: waiting.length },
          'work after the response dropped: too much waiting',
        );
        return;
      }
      waiting.push({ work, log: workLog });
      // After the reply has been written.
      setImmediate(next);
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => drained.push(resolve));
    },
  };
}
