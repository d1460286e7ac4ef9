import { addDaysToDate } from '@clube/shared';
import { getDaysInMonth, parseISO } from 'date-fns';

export type MonthCell = { date: string; isInMonth: boolean };

/**
 * The cells of a month calendar starting on Sunday: 35 cells, or 42 when the month
 * spills into a sixth week. `month` is "YYYY-MM".
 */
export function buildMonthGrid(month: string): MonthCell[] {
  const first = `${month}-01`;
  const leading = parseISO(first).getDay();
  const days = getDaysInMonth(parseISO(first));
  const count = leading + days > 35 ? 42 : 35;
  const start = addDaysToDate(first, -leading);
  return Array.from({ length: count }, (_, index) => {
    const date = addDaysToDate(start, index);
    return { date, isInMonth: date.startsWith(month) };
  });
}

/** "YYYY-MM" moved by whole months. */
export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (monthNumber - 1) + by;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}
