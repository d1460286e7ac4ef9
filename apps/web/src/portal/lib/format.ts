/**
 * Dates as members read them, in the club's timezone (a member abroad still books club time),
 * with the browser's own Intl: no date library in the portal's pages.
 */

const locale = 'pt-BR';

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    cache.set(key, format);
  }
  return format;
}

/** "sábado, 28 de novembro" */
export function formatLongDate(instant: string | Date, timeZone: string): string {
  return formatter(timeZone, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(instant),
  );
}

/** "10:00" */
export function formatClock(instant: string | Date, timeZone: string): string {
  return formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );
}

/** "28/11 às 10:00", for deadlines. */
export function formatDeadline(instant: string | Date, timeZone: string): string {
  const date = formatter(timeZone, { day: '2-digit', month: '2-digit' }).format(new Date(instant));
  return `${date} às ${formatClock(instant, timeZone)}`;
}

/** A club-local calendar date "AAAA-MM-DD" as "sábado, 28 de novembro". */
export function formatCalendarDate(date: string): string {
  return formatter('UTC', { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** A calendar date's parts for the date strip: "sáb.", "28", "nov.". */
export function calendarDateParts(date: string) {
  const instant = new Date(`${date}T12:00:00Z`);
  return {
    weekday: formatter('UTC', { weekday: 'short' }).format(instant),
    day: formatter('UTC', { day: 'numeric' }).format(instant),
    month: formatter('UTC', { month: 'short' }).format(instant),
  };
}

/** A club-local month "AAAA-MM" as "novembro". */
export function formatMonthName(month: string): string {
  return formatter('UTC', { month: 'long' }).format(new Date(`${month}-15T12:00:00Z`));
}
