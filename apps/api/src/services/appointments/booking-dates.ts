import { addDaysToDate } from '@clube/shared';
import { addMonths, differenceInYears, format, parseISO, startOfMonth } from 'date-fns';

/** Whole years between a birth date and a calendar date (both "YYYY-MM-DD"). */
export function ageOn(birthDate: string, date: string): number {
  return differenceInYears(parseISO(date), parseISO(birthDate));
}

/** The calendar month holding a date: [first day, first day of the next month). */
export function monthOf(date: string): { first: string; next: string } {
  const first = startOfMonth(parseISO(date));
  return { first: format(first, 'yyyy-MM-dd'), next: format(addMonths(first, 1), 'yyyy-MM-dd') };
}

/** The last club-local date a booking may start on. */
export function lastBookableDate(today: string, availableBookingDays: number): string {
  return addDaysToDate(today, availableBookingDays);
}
