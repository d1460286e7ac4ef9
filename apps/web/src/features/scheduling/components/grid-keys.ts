/** A cell's place in the day sheet's keyboard grid: its place's row and its index in it. */
export type GridPosition = { row: number; column: number };

/** What the keys need of a row: each cell's start and end in minutes of the day. */
export type GridRow = ReadonlyArray<{ start: number; end: number }>;

/**
 * The cell a key moves to in the WAI-ARIA grid pattern, or null for a key the grid leaves alone.
 * Left and right step through a place's times; up and down go to the place above or below, to
 * the cell running at the same time (the nearest one when that place has none then), since
 * places keep grids of different lengths; Home and End go to a place's first and last time,
 * with Ctrl to the sheet's first and last cell. Rows without cells are skipped.
 */
export function moveInGrid(
  rows: ReadonlyArray<GridRow>,
  from: GridPosition,
  key: string,
  withCtrl = false,
): GridPosition | null {
  const current = rows[from.row]?.[from.column];
  if (!current) return null;
  const lastOf = (row: number) => rows[row]!.length - 1;
  const filled = rows.flatMap((row, index) => (row.length > 0 ? [index] : []));
  switch (key) {
    case 'ArrowRight':
      return { row: from.row, column: Math.min(from.column + 1, lastOf(from.row)) };
    case 'ArrowLeft':
      return { row: from.row, column: Math.max(from.column - 1, 0) };
    case 'Home':
      return withCtrl ? { row: filled[0]!, column: 0 } : { row: from.row, column: 0 };
    case 'End': {
      const row = withCtrl ? filled[filled.length - 1]! : from.row;
      return { row, column: lastOf(row) };
    }
    case 'ArrowDown':
    case 'ArrowUp': {
      const step = key === 'ArrowDown' ? 1 : -1;
      const row = filled[filled.indexOf(from.row) + step];
      if (row === undefined) return from;
      return { row, column: columnAt(rows[row]!, current) };
    }
    default:
      return null;
  }
}

/** The cell of `row` running when `cell` starts, or the one starting nearest to it. */
function columnAt(row: GridRow, cell: { start: number; end: number }): number {
  const running = row.findIndex((other) => other.start <= cell.start && cell.start < other.end);
  if (running >= 0) return running;
  let nearest = 0;
  row.forEach((other, index) => {
    if (Math.abs(other.start - cell.start) < Math.abs(row[nearest]!.start - cell.start))
      nearest = index;
  });
  return nearest;
}
