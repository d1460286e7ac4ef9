type Logger = { error: (object: object, message: string) => void };

export type AfterResponse = {
  /** Runs `work` once the current request has been answered; its failure is only logged. */
  run: (work: () => Promise<unknown>) => void;
  /** Resolves when no such work is left (tests, and closing the app). */
  idle: () => Promise<void>;
};

/**
 * Work a request starts but must not wait for, because its duration (or its result) must not show
 * in the answer: the CPF lookups of Primeiro acesso and Esqueci minha senha. `setImmediate` runs
 * it after the reply has been written.
 */
export function createAfterResponse(log: Logger): AfterResponse {
  const pending = new Set<Promise<void>>();
  return {
    run(work) {
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, 'work after the response failed'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
