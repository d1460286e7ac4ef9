import { clubInstant, clubToday } from '@clube/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The default filter: club-local today 00:00:00 to 23:59:59.999, as ISO instants. */
export function todayRange(timezone: string, now = new Date()) {
  return dayRange(clubToday(timezone, now), timezone);
}

/** A club-local date "AAAA-MM-DD" from 00:00:00 to 23:59:59.999, as ISO instants. */
export function dayRange(date: string, timezone: string) {
  const start = clubInstant(date, '00:00', timezone);
  const end = new Date(clubInstant(date, '23:59', timezone).getTime() + 59_999);
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}

/** An instant as the value of a date-time field ("yyyy-MM-ddTHH:mm"), on the club's wall clock. */
export function toLocalInputValue(instant: string, timezone: string, withSeconds = false) {
  return format(
    new TZDate(new Date(instant).getTime(), timezone),
    withSeconds ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm",
  );
}

/** A date-time field's value read on the club's wall clock, as an ISO instant (null if empty). */
export function fromLocalInputValue(value: string, timezone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const seconds = Number(match[3] ?? 0);
  return new Date(
    clubInstant(match[1]!, match[2]!, timezone).getTime() + seconds * 1000,
  ).toISOString();
}
