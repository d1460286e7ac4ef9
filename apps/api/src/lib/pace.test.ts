import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxRestMs, restAsLongAs } from './pace';

afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` settled after the fake clock moved by `ms`. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('the rest of background work', () => {
  it('lasts as long as the work did', async () => {
    vi.useFakeTimers();
    const rest = restAsLongAs(30);
    expect(await settledAfter(rest, 29)).toBe(false);
    expect(await settledAfter(rest, 1)).toBe(true);
  });

  it('is at most maxRestMs, and at least a turn of the event loop', async () => {
    vi.useFakeTimers();
    const long = restAsLongAs(maxRestMs * 10);
    expect(await settledAfter(long, maxRestMs - 1)).toBe(false);
    expect(await settledAfter(long, 1)).toBe(true);
    vi.useRealTimers();
    const order: string[] = [];
    const turn = restAsLongAs(0).then(() => order.push('rest'));
    order.push('now');
    await turn;
    expect(order).toEqual(['now', 'rest']);
  });
});
