import { addDaysToDate, clubDateOf, clubTimeOf, dateLabel } from '@clube/shared';

/**
 * An instant as the front desk says it, in the club's time: "hoje às 14:20", "amanhã às 18:00",
 * "ontem às 21:00", else "dia 02/12/2026 às 10:00".
 */
export function describeClubMoment(instant: Date, timezone: string, now: Date): string {
  const today = clubDateOf(now, timezone);
  const date = clubDateOf(instant, timezone);
  const day =
    date === today
      ? 'hoje'
      : date === addDaysToDate(today, 1)
        ? 'amanhã'
        : date === addDaysToDate(today, -1)
          ? 'ontem'
          : `dia ${dateLabel(date)}`;
  return `${day} às ${clubTimeOf(instant, timezone)}`;
}
