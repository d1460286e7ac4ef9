import { describe, expect, it } from 'vitest';
import { batchTargetMs, BatchSizer } from './batch-sizer';

/** Feeds the sizer batches that cost `msPerRow` each row until its size settles. */
function settle(msPerRow: number) {
  const sizer = new BatchSizer(undefined);
  for (let i = 0; i < 20; i += 1) sizer.record(sizer.rows, sizer.rows * msPerRow);
  return sizer.rows;
}

describe('the import batch sizer', () => {
  it('shrinks batches of slow rows until one takes about the target, below 50 rows', () => {
    // 4 ms a row (a large club on the embedded database, a busy machine): 50 rows would make
    // every other request wait 200 ms.
    const rows = settle(4);
    expect(rows).toBeLessThan(50);
    expect(rows * 4).toBeLessThanOrEqual(batchTargetMs + 4);
  });

  it('grows batches of fast rows up to 1000 and keeps a fixed size when given one', () => {
    expect(settle(0.01)).toBe(1000);
    const fixed = new BatchSizer(7);
    fixed.record(7, 10_000);
    expect(fixed.rows).toBe(7);
  });
});
