import { clubInstant, clubToday } from '@clube/shared';

/**
 * The club-local calendar month containing `now`: its "YYYY-MM" and the instants where it starts
 * and where the next one starts (quotas count bookings starting in between).
 */
export type ClubMonth = { month: string; startsAt: Date; endsAt: Date };

export function clubMonthOf(timezone: string, now: Date = new Date()): ClubMonth {
  const today = clubToday(timezone, now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    month: today.slice(0, 7),
    startsAt: clubInstant(`${year}-${pad(month)}-01`, '00:00', timezone),
    endsAt: clubInstant(`${nextYear}-${pad(nextMonth)}-01`, '00:00', timezone),
  };
}
