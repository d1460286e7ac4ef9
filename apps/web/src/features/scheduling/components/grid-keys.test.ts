import { describe, expect, it } from 'vitest';
import { moveInGrid, type GridRow } from './grid-keys';

const grid = (start: number, length: number, count: number): GridRow =>
  Array.from({ length: count }, (_, index) => ({
    start: start + index * length,
    end: start + (index + 1) * length,
  }));

// 08:00 onwards: a 60-minute court, a place with no cells that day, a 45-minute pool, a 90-minute court.
const rows = [grid(480, 60, 4), [], grid(480, 45, 6), grid(480, 90, 3)];

describe('moveInGrid', () => {
  it('steps through a place with left and right, stopping at its ends', () => {
    expect(moveInGrid(rows, { row: 0, column: 1 }, 'ArrowRight')).toEqual({ row: 0, column: 2 });
    expect(moveInGrid(rows, { row: 0, column: 3 }, 'ArrowRight')).toEqual({ row: 0, column: 3 });
    expect(moveInGrid(rows, { row: 0, column: 0 }, 'ArrowLeft')).toEqual({ row: 0, column: 0 });
  });

  it('goes down and up to the cell running at the same time, over a place without cells', () => {
    // 10:00 on the court → the pool's 09:30–10:15.
    expect(moveInGrid(rows, { row: 0, column: 2 }, 'ArrowDown')).toEqual({ row: 2, column: 2 });
    // 09:30 on the pool → the 90-minute court's 09:30.
    expect(moveInGrid(rows, { row: 2, column: 2 }, 'ArrowDown')).toEqual({ row: 3, column: 1 });
    expect(moveInGrid(rows, { row: 2, column: 2 }, 'ArrowUp')).toEqual({ row: 0, column: 1 });
    expect(moveInGrid(rows, { row: 3, column: 0 }, 'ArrowDown')).toEqual({ row: 3, column: 0 });
    expect(moveInGrid(rows, { row: 0, column: 0 }, 'ArrowUp')).toEqual({ row: 0, column: 0 });
  });

  it('goes to the nearest start when the place below has nothing at that time', () => {
    const late = [grid(480, 60, 4), grid(720, 60, 2)];
    expect(moveInGrid(late, { row: 0, column: 0 }, 'ArrowDown')).toEqual({ row: 1, column: 0 });
    expect(moveInGrid(late, { row: 1, column: 1 }, 'ArrowUp')).toEqual({ row: 0, column: 3 });
  });

  it("goes to a place's first and last time with Home and End, the sheet's with Ctrl", () => {
    expect(moveInGrid(rows, { row: 2, column: 3 }, 'Home')).toEqual({ row: 2, column: 0 });
    expect(moveInGrid(rows, { row: 2, column: 3 }, 'End')).toEqual({ row: 2, column: 5 });
    expect(moveInGrid(rows, { row: 2, column: 3 }, 'Home', true)).toEqual({ row: 0, column: 0 });
    expect(moveInGrid(rows, { row: 0, column: 1 }, 'End', true)).toEqual({ row: 3, column: 2 });
  });

  it('leaves other keys to the cell', () => {
    expect(moveInGrid(rows, { row: 0, column: 0 }, 'Enter')).toBeNull();
    expect(moveInGrid(rows, { row: 0, column: 0 }, 'a')).toBeNull();
  });
});
