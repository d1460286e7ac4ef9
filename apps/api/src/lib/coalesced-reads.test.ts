import { describe, expect, it } from 'vitest';
import { CoalescedReads } from './coalesced-reads';

/** A read the test finishes by hand, numbered in the order reads start. */
function controlledReads() {
  const started: Array<{ finish: (value: string) => void; fail: (error: Error) => void }> = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      const number = started.length + 1;
      started.push({ finish: (value) => resolve(`${value} #${number}`), fail: reject });
    });
  return { started, load };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CoalescedReads', () => {
  it('answers requests that arrive during a read with the next read, shared, never the earlier one', async () => {
    const reads = new CoalescedReads<string>();
    const { started, load } = controlledReads();
    const first = reads.read('court', load);
    // Arrive while the first read is in flight: they must not get it.
    const second = reads.read('court', load);
    const third = reads.read('court', load);
    expect(started).toHaveLength(1);
    started[0]!.finish('before');
    await expect(first).resolves.toBe('before #1');
    await turn();
    // One new read, begun after both arrived, serves both.
    expect(started).toHaveLength(2);
    started[1]!.finish('after');
    await expect(second).resolves.toBe('after #2');
    await expect(third).resolves.toBe('after #2');
    await turn();
    expect(reads.size).toBe(0);
  });

  it('keeps keys apart and starts afresh once nothing is in flight', async () => {
    const reads = new CoalescedReads<string>();
    const { started, load } = controlledReads();
    const a = reads.read('court a', load);
    const b = reads.read('court b', load);
    expect(started).toHaveLength(2);
    started[0]!.finish('a');
    started[1]!.finish('b');
    await expect(a).resolves.toBe('a #1');
    await expect(b).resolves.toBe('b #2');
    await turn();
    const later = reads.read('court a', load);
    expect(started).toHaveLength(3);
    started[2]!.finish('a again');
    await expect(later).resolves.toBe('a again #3');
  });

  it('gives a failed read to the requests that shared it only, and reads again for the next', async () => {
    const reads = new CoalescedReads<string>();
    const { started, load } = controlledReads();
    const first = reads.read('court', load);
    const waiting = reads.read('court', load);
    started[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await turn();
    started[1]!.finish('fine');
    await expect(waiting).resolves.toBe('fine #2');
  });
});
