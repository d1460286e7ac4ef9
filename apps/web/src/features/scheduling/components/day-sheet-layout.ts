import { minutesOfTime, type DaySheet, type DaySheetCell } from '@clube/shared';

/** Minutes since midnight of a cell (club wall clock) and its length. */
export function spanOf(cell: DaySheetCell) {
  const start = minutesOfTime(cell.time);
  const length = (Date.parse(cell.endsAt) - Date.parse(cell.startsAt)) / 60_000;
  return { start, end: start + length };
}

/**
 * The narrowest a cell may be drawn: a first name of eight letters and the card number below it,
 * read on a front-desk tablet without "Jo…".
 */
export const minCellWidthPx = 64;
/** The first column (the places' names). */
export const placeColumnPx = 144;

/** The shortest cell of the sheet in minutes (60 when it has none). */
export function shortestCellMinutes(sheet: DaySheet): number {
  let shortest = Infinity;
  for (const category of sheet.categories)
    for (const place of category.places)
      for (const cell of place.cells) {
        const { start, end } = spanOf(cell);
        if (end > start) shortest = Math.min(shortest, end - start);
      }
  return shortest === Infinity ? 60 : shortest;
}

/**
 * The grid's least width: wide enough that its shortest cell gets minCellWidthPx. Narrower
 * screens scroll sideways under the fixed first column instead of cutting names down.
 */
export function gridMinWidthPx(sheet: DaySheet, axisMinutes: number): number {
  return Math.max(896, placeColumnPx + (axisMinutes * minCellWidthPx) / shortestCellMinutes(sheet));
}

/**
 * Where a grid wider than the screen opens: an hour before the first cell not over yet, so the
 * desk sees what comes next without scrolling; null when the whole day is over or ahead.
 */
export function firstCurrentMinute(sheet: DaySheet, now: Date): number | null {
  let first: number | null = null;
  let anyOver = false;
  for (const category of sheet.categories)
    for (const place of category.places)
      for (const cell of place.cells) {
        if (Date.parse(cell.endsAt) <= now.getTime()) anyOver = true;
        else if (first === null || spanOf(cell).start < first) first = spanOf(cell).start;
      }
  return anyOver ? first : null;
}

/** The whole hours the sheet's cells cover, so every place shares one time axis. */
export function hoursOf(sheet: DaySheet): number[] {
  let first = Infinity;
  let last = -Infinity;
  for (const category of sheet.categories)
    for (const place of category.places)
      for (const cell of place.cells) {
        const { start, end } = spanOf(cell);
        first = Math.min(first, start);
        last = Math.max(last, end);
      }
  if (first === Infinity) return [];
  const hours: number[] = [];
  for (let hour = Math.floor(first / 60); hour * 60 < last; hour += 1) hours.push(hour);
  return hours;
}
