import { addDaysToDate } from '@clube/shared';

/**
 * The booking window (docs/domain.md, booking rule 5): a place takes bookings up to its
 * `availableBookingDays` after the club-local today. The one statement of the rule: the booking
 * rules, the staff and the portal slot lists and the day sheet all ask it.
 */
export function bookingWindowOf(options: {
  /** The club-local date asked about. */
  date: string;
  /** The club-local today (clubToday). */
  today: string;
  availableBookingDays: number;
}): { isBeyond: boolean; opensOn: string } {
  const { date, today, availableBookingDays } = options;
  return {
    isBeyond: date > addDaysToDate(today, availableBookingDays),
    // The window reaches the date once today is availableBookingDays before it.
    opensOn: addDaysToDate(date, -availableBookingDays),
  };
}
