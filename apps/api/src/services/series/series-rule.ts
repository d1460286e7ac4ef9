/**
 * A series' recurrence as an RFC 5545 rule (through the `rrule` package): its dates, its RRULE
 * text, and the checks of its bounds. Reads nothing.
 */
import { createRequire } from 'node:module';
import { addDaysToDate, seriesMaxDays } from '@clube/shared';
import type * as RRulePackage from 'rrule';
import { AppError } from '../../lib/app-error';

// rrule ships CommonJS without named ESM exports: required, typed by its declarations.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRulePackage;

/** What a series' recurrence is made of. */
export type SeriesRecurrence = {
  /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
  weekdays: number[];
  /** Club-local "HH:mm". */
  startTime: string;
  startsOn: string;
  endsOn: string;
};

const byWeekday = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/** The date's wall clock as a floating UTC instant (how rrule counts local dates). */
function floating(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, day, hours, minutes));
}

/** Days from `from` to `to` (dates). */
const daysBetween = (from: string, to: string) =>
  Math.round((floating(to, '00:00').getTime() - floating(from, '00:00').getTime()) / 86_400_000);

/**
 * A series' bounds, refused as the error table says: an end before the start
 * (SeriesEndsBeforeStart), more than a year of dates (SeriesTooLong).
 */
export function assertSeriesBounds(recurrence: SeriesRecurrence): void {
  if (recurrence.endsOn < recurrence.startsOn) throw new AppError('SeriesEndsBeforeStart');
  if (daysBetween(recurrence.startsOn, recurrence.endsOn) >= seriesMaxDays)
    throw new AppError('SeriesTooLong');
}

/** The rule as rrule holds it (wall-clock times, UNTIL the end date's last minute). */
function ruleOf(recurrence: SeriesRecurrence) {
  return new RRule({
    freq: RRule.WEEKLY,
    byweekday: recurrence.weekdays.map((day) => byWeekday[day - 1]!),
    dtstart: floating(recurrence.startsOn, recurrence.startTime),
    until: floating(recurrence.endsOn, '23:59'),
    wkst: RRule.MO,
  });
}

/** Every club-local date of the series, in order. */
export function seriesDates(recurrence: SeriesRecurrence): string[] {
  return ruleOf(recurrence)
    .all()
    .map((instant) => instant.toISOString().slice(0, 10));
}

/**
 * The RRULE line (without DTSTART: the calendar event's start is the first date's), e.g.
 * "FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T235900Z;WKST=MO".
 */
export function seriesRrule(recurrence: SeriesRecurrence): string {
  const text = RRule.optionsToString(ruleOf(recurrence).origOptions);
  const line = text.split('\n').find((part) => part.startsWith('RRULE:')) ?? '';
  return line.slice('RRULE:'.length);
}

/** The date after `date`. */
export const dayAfter = (date: string) => addDaysToDate(date, 1);
