import { TZDate } from '@date-fns/tz';
import { daysOfWeek, type DayOfWeek } from './constants';

/**
 * Club-local calendar maths. A "date" is a club-local calendar day "YYYY-MM-DD"; a "time" is a
 * wall-clock "HH:mm"; an instant is a real moment (Date). Every conversion goes through the IANA
 * timezone database, never through fixed offsets.
 */

/**
 * Wall clock → instant is a pure function of its three inputs but costs a timezone lookup; a
 * calendar asks for the same few hundred slot times over and over, so the answers are kept
 * (bounded: the map starts afresh once it holds `clubInstantCacheSize` of them).
 */
type WallClockAnswer = { epoch: number; exists: boolean };
const clubInstantCache = new Map<string, WallClockAnswer>();
export const clubInstantCacheSize = 20_000;

function wallClockAnswer(date: string, time: string, timezone: string): WallClockAnswer {
  const key = `${timezone} ${date} ${time}`;
  let answer = clubInstantCache.get(key);
  if (answer === undefined) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    const instant = new TZDate(year, month - 1, day, hours, minutes, 0, 0, timezone);
    // A time skipped by a daylight-saving jump (02:30 when the clocks go from 02:00 to 03:00) is
    // moved past the jump; the club's clock then reads another time than the one asked for.
    const exists =
      instant.getFullYear() === year &&
      instant.getMonth() === month - 1 &&
      instant.getDate() === day &&
      instant.getHours() === hours &&
      instant.getMinutes() === minutes;
    answer = { epoch: instant.getTime(), exists };
    if (clubInstantCache.size >= clubInstantCacheSize) clubInstantCache.clear();
    clubInstantCache.set(key, answer);
  }
  return answer;
}

/**
 * The instant at which the club's wall clock shows `time` on `date`. On a daylight-saving day a
 * time shown twice (the repeated hour when the clocks go back) answers its first occurrence, and
 * a time never shown (skipped when they go forward) the instant as far past the jump as the time
 * was into the gap (02:30 → 03:30): see `clubWallClockExists`.
 */
export function clubInstant(date: string, time: string, timezone: string): Date {
  return new Date(wallClockAnswer(date, time, timezone).epoch);
}

/** Whether the club's wall clock ever shows `time` on `date` (false inside a spring-forward gap). */
export function clubWallClockExists(date: string, time: string, timezone: string): boolean {
  return wallClockAnswer(date, time, timezone).exists;
}

/**
 * The club's wall clock of an instant, read with one formatter per timezone, made once: every
 * request that asks for the club's today or a booking's date reads it, and a formatter's reading
 * costs a fraction of building a zoned date and formatting it.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockOf(instant: Date, timezone: string) {
  let wallClock = wallClockFormats.get(timezone);
  if (!wallClock) {
    wallClock = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timezone, wallClock);
  }
  const parts: Record<string, string> = {};
  for (const { type, value } of wallClock.formatToParts(instant)) parts[type] = value;
  return {
    date: `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * The last few club days asked for, per timezone, as [start, end) instants: nearly every request
 * asks for the club's today, and a booking for its own day, so most answers are a comparison.
 */
type ClubDaySpan = { date: string; from: number; to: number };
const recentDays = new Map<string, ClubDaySpan[]>();
const recentDaysKept = 4;

/** The kept club day holding an instant, if any. */
const keptDayOf = (at: number, timezone: string) =>
  recentDays.get(timezone)?.find((span) => at >= span.from && at < span.to);

/** The club-local calendar date of an instant. */
export function clubDateOf(instant: Date, timezone: string): string {
  const at = instant.getTime();
  const known = keptDayOf(at, timezone);
  if (known) return known.date;
  const { date } = wallClockOf(instant, timezone);
  // The day runs from its first 00:00 to the next day's. A day whose clock skips midnight (a
  // daylight-saving jump there) is never kept: it is answered by the formatter each time.
  const next = addDaysToDate(date, 1);
  if (
    !clubWallClockExists(date, '00:00', timezone) ||
    !clubWallClockExists(next, '00:00', timezone)
  )
    return date;
  const span = {
    date,
    from: clubInstant(date, '00:00', timezone).getTime(),
    to: clubInstant(next, '00:00', timezone).getTime(),
  };
  if (at >= span.from && at < span.to) {
    let spans = recentDays.get(timezone);
    if (!spans) recentDays.set(timezone, (spans = []));
    spans.unshift(span);
    spans.length = Math.min(spans.length, recentDaysKept);
  }
  return date;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The club-local wall-clock time "HH:mm" of an instant. Inside a kept club day of exactly 24 hours
 * (no clock change that day) it is the minutes since the day's 00:00; otherwise the formatter's.
 */
export function clubTimeOf(instant: Date, timezone: string): string {
  const at = instant.getTime();
  const span = keptDayOf(at, timezone);
  if (span && span.to - span.from === dayMs)
    return timeOfMinutes(Math.floor((at - span.from) / 60_000));
  return wallClockOf(instant, timezone).time;
}

export function clubToday(timezone: string, now: Date = new Date()): string {
  return clubDateOf(now, timezone);
}

/** A club-local date (YYYY-MM-DD) as people in Brazil write it: DD/MM/AAAA. */
export function dateLabel(date: string): string {
  return date.split('-').reverse().join('/');
}

/** A "YYYY-MM-DD" date as the UTC midnight of that day (calendar maths with no timezone). */
function utcMidnightOf(date: string): Date {
  const { year, month, day } = calendarDateOf(date);
  const midnight = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999.
  midnight.setUTCFullYear(year);
  return midnight;
}

/**
 * Answers of addDaysToDate: the same few sums (today plus the booking window, a date and the day
 * before it) are asked on every booking. Bounded like the wall-clock answers.
 */
const addedDays = new Map<string, string>();

/** Calendar arithmetic on a "YYYY-MM-DD" date (no timezone involved). */
export function addDaysToDate(date: string, days: number): string {
  const key = `${date}|${days}`;
  let answer = addedDays.get(key);
  if (answer === undefined) {
    const midnight = utcMidnightOf(date);
    midnight.setUTCDate(midnight.getUTCDate() + days);
    answer = midnight.toISOString().slice(0, 10);
    if (addedDays.size >= clubInstantCacheSize) addedDays.clear();
    addedDays.set(key, answer);
  }
  return answer;
}

export function dayOfWeekOf(date: string): DayOfWeek {
  return daysOfWeek[utcMidnightOf(date).getUTCDay()]!;
}

/** "HH:mm" → minutes since midnight. */
export function minutesOfTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * The starts ("HH:mm") of a place's own slots, whatever a day's hours: from its start every
 * bookRange minutes, each ending by its end. A series holds one of these (docs/domain.md, "Series").
 */
export function placeSlotStarts(place: {
  startsAt: string;
  endsAt: string;
  bookRange: number;
}): string[] {
  const starts: string[] = [];
  if (place.bookRange <= 0) return starts;
  const end = minutesOfTime(place.endsAt);
  for (
    let start = minutesOfTime(place.startsAt);
    start + place.bookRange <= end;
    start += place.bookRange
  )
    starts.push(timeOfMinutes(start));
  return starts;
}

/** Minutes since midnight → "HH:mm". */
export function timeOfMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * Whole years between a birth date and a calendar date (both "YYYY-MM-DD", club-local). Someone
 * born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthDate: string, date: string): number {
  const [birthYear, birthMonth, birthDay] = birthDate.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/** The calendar month holding a date: [first day, first day of the next month). */
export function monthOf(date: string): { first: string; next: string } {
  const { year, month } = calendarDateOf(date);
  const firstOf = (y: number, m: number) =>
    `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
  return {
    first: firstOf(year, month),
    next: month === 12 ? firstOf(year + 1, 1) : firstOf(year, month + 1),
  };
}

/** A "YYYY-MM-DD" date's numbers; a RangeError for anything that is not a real calendar date. */
function calendarDateOf(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = match
    ? [Number(match[1]), Number(match[2]), Number(match[3])]
    : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    throw new RangeError(`Invalid date: ${date}`);
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
