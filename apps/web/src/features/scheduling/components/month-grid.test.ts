import { describe, expect, it } from 'vitest';
import { buildMonthGrid, shiftMonth } from './month-grid';

describe('buildMonthGrid', () => {
  it('starts on the Sunday before the first and fills 35 cells', () => {
    // March 2030 starts on a Friday and has 31 days: 5 + 31 = 36 → 42 cells.
    const march = buildMonthGrid('2030-03');
    expect(march).toHaveLength(42);
    expect(march[0]).toEqual({ date: '2030-02-24', isInMonth: false });
    expect(march[5]).toEqual({ date: '2030-03-01', isInMonth: true });
    // April 2030 starts on a Monday: 1 + 30 = 31 → 35 cells.
    const april = buildMonthGrid('2030-04');
    expect(april).toHaveLength(35);
    expect(april[0]!.date).toBe('2030-03-31');
    expect(april.at(-1)!.date).toBe('2030-05-04');
  });

  it('keeps 35 cells for a February that fits in four weeks', () => {
    // February 2026 starts on a Sunday and has 28 days.
    const february = buildMonthGrid('2026-02');
    expect(february).toHaveLength(35);
    expect(february[0]!.date).toBe('2026-02-01');
    expect(february.filter((cell) => cell.isInMonth)).toHaveLength(28);
  });
});

describe('shiftMonth', () => {
  it('moves across year ends', () => {
    expect(shiftMonth('2030-12', 1)).toBe('2031-01');
    expect(shiftMonth('2030-01', -1)).toBe('2029-12');
  });
});
