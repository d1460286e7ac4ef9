import { describe, expect, it } from 'vitest';
import { batchedReads } from './batched-reads';

/** Batches the test finishes by hand, in the order they start, with the keys each read. */
function controlledBatches() {
  const started: Array<{ keys: readonly string[]; finish: () => void; fail: () => void }> = [];
  const load = (keys: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      const number = started.length + 1;
      started.push({
        keys,
        finish: () => resolve(keys.map((key) => `${key} #${number}`)),
        fail: () => reject(new Error('connection lost')),
      });
    });
  return { started, load };
}

/** Lets the event loop run a round (a batch starts after the arrivals of its round). */
const round = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReads', () => {
  it('reads the keys asked for in one round of the event loop in one batch', async () => {
    const { started, load } = controlledBatches();
    const reads = batchedReads(load);
    const answers = Promise.all(['ana', 'bia', 'caio'].map((key) => reads.load(key)));
    await round();
    expect(started.map((batch) => batch.keys)).toEqual([['ana', 'bia', 'caio']]);
    started[0]!.finish();
    await expect(answers).resolves.toEqual(['ana #1', 'bia #1', 'caio #1']);
  });

  it('never answers a key with a batch that began before it was asked for', async () => {
    const { started, load } = controlledBatches();
    const reads = batchedReads(load, { maxInFlight: 1 });
    const first = reads.load('ana');
    await round();
    expect(started).toHaveLength(1);
    // Asked while the first batch reads: the same key and another wait for the next batch.
    const again = reads.load('ana');
    const other = reads.load('bia');
    await round();
    expect(started).toHaveLength(1);
    started[0]!.finish();
    await expect(first).resolves.toBe('ana #1');
    await round();
    expect(started.map((batch) => batch.keys)).toEqual([['ana'], ['ana', 'bia']]);
    started[1]!.finish();
    await expect(again).resolves.toBe('ana #2');
    await expect(other).resolves.toBe('bia #2');
  });

  it('keeps at most maxInFlight batches reading, and keeps no answer for a later request', async () => {
    const { started, load } = controlledBatches();
    const reads = batchedReads(load, { maxInFlight: 2 });
    const first = reads.load('ana');
    await round();
    const second = reads.load('bia');
    await round();
    const third = reads.load('caio');
    await round();
    expect(started).toHaveLength(2);
    started[1]!.finish();
    await expect(second).resolves.toBe('bia #2');
    await round();
    expect(started).toHaveLength(3);
    started[0]!.finish();
    started[2]!.finish();
    await expect(first).resolves.toBe('ana #1');
    await expect(third).resolves.toBe('caio #3');
    // Asked again later: read again (no cache).
    const later = reads.load('ana');
    await round();
    expect(started).toHaveLength(4);
    started[3]!.finish();
    await expect(later).resolves.toBe('ana #4');
  });

  it('fails the keys of a failed batch only, and reads the next ones afresh', async () => {
    const { started, load } = controlledBatches();
    const reads = batchedReads(load, { maxInFlight: 1 });
    const failed = reads.load('ana');
    await round();
    const next = reads.load('bia');
    started[0]!.fail();
    await expect(failed).rejects.toThrow('connection lost');
    await round();
    started[1]!.finish();
    await expect(next).resolves.toBe('bia #2');
  });
});
