import { clubInstant, clubToday, monthOf } from '@clube/shared';

/**
 * The club-local calendar month containing `now`: its "YYYY-MM" and the instants where it starts
 * and where the next one starts (quotas count bookings starting in between).
 */
export type ClubMonth = { month: string; startsAt: Date; endsAt: Date };

export function clubMonthOf(timezone: string, now: Date = new Date()): ClubMonth {
  const { first, next } = monthOf(clubToday(timezone, now));
  return {
    month: first.slice(0, 7),
    startsAt: clubInstant(first, '00:00', timezone),
    endsAt: clubInstant(next, '00:00', timezone),
  };
}
