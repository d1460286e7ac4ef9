import { z } from 'zod';

const queueDepthSchema = z.object({
  /** Rows due now, not taken yet or taken by a runner. */
  due: z.number().int(),
  /** Rows waiting for a later attempt (backoff) or a later start. */
  later: z.number().int(),
  /** Seconds the oldest due row has waited (0 when none is due). */
  oldestDueSeconds: z.number().int(),
});

const queueCountersSchema = z.object({
  claimed: z.number().int(),
  done: z.number().int(),
  retried: z.number().int(),
  failed: z.number().int(),
});

/** The background work as the operator sees it: each queue's depth, and this process's counts. */
export const backgroundWorkSchema = z.object({
  queues: z.object({
    message: queueDepthSchema,
    push: queueDepthSchema,
    /** `failed`: jobs given up, kept 30 days. */
    job: queueDepthSchema.extend({ failed: z.number().int() }),
  }),
  /** What this process's runner did since it started, by queue (message, push, job). */
  process: z.record(z.string(), queueCountersSchema),
});
export type BackgroundWork = z.infer<typeof backgroundWorkSchema>;
