// What the rush measures of each request, and how the report sums it up.
import { percentile } from './server';

/**
 * Where a request spent its time, in ms: on its way to the server until the server routed it
 * (the client writing it, the network, the server's socket), before its turn, waiting for it and
 * in it (the server's Server-Timing header), and on its way back until the client read the answer
 * (from the server's `sent` stamp: client and server read one clock on this machine).
 */
export type Stages = {
  toServer: number;
  pre: number;
  queue: number;
  turn: number;
  toClient: number;
};
export type Sample = { ms: number; at: number; stages: Stages | null };

/**
 * The stages of a request that took `ms` and whose answer the client read at `readAt` (Unix
 * epoch, ms), from its `Server-Timing: pre;dur=1.0, queue;dur=2.0, turn;dur=3.0,
 * sent;desc="1764213000000.00"` header; null without one.
 */
export function stagesOf(header: unknown, ms: number, readAt: number): Stages | null {
  const durations = Object.fromEntries(
    [...String(header ?? '').matchAll(/(\w+);dur=([\d.]+)/g)].map(([, name, value]) => [
      name,
      Number(value),
    ]),
  );
  const sent = /sent;desc="([\d.]+)"/.exec(String(header ?? ''))?.[1];
  const { pre, queue, turn } = durations;
  if (pre === undefined || queue === undefined || turn === undefined || sent === undefined)
    return null;
  // Two readings of one clock in two processes can differ by a fraction of a millisecond.
  const toClient = Math.min(Math.max(0, readAt - Number(sent)), ms - pre - queue - turn);
  return { toServer: ms - pre - queue - turn - toClient, pre, queue, turn, toClient };
}
export const summary = (samples: Sample[]) => {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
  };
};

export type StageSummary = Record<keyof Stages, { p50: number; p99: number }>;

type TimedSample = Sample & { stages: Stages };

/** The samples whose answer said where the server spent its time. */
export const timedOf = (samples: Sample[]) =>
  samples.filter((sample): sample is TimedSample => sample.stages !== null);

/** When a sample's request was sent, in ms into the rush. */
export const sentAtOf = (sample: Sample) => sample.at - sample.ms;

/** Milliseconds to a tenth, as the report shows them. */
export const tenths = (ms: number) => Number(ms.toFixed(1));

export const stageSummary = (samples: Sample[]): StageSummary => {
  const timed = timedOf(samples);
  const of = (value: (sample: TimedSample) => number) => {
    const sorted = timed.map(value).sort((a, b) => a - b);
    return {
      p50: tenths(percentile(sorted, 0.5)),
      p99: tenths(percentile(sorted, 0.99)),
    };
  };
  return {
    toServer: of((sample) => sample.stages.toServer),
    pre: of((sample) => sample.stages.pre),
    queue: of((sample) => sample.stages.queue),
    turn: of((sample) => sample.stages.turn),
    toClient: of((sample) => sample.stages.toClient),
  };
};
