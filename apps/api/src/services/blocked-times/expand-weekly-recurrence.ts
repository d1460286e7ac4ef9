import {
  addDaysToDate,
  blockStartBeforeEndMessage,
  clubDateOf,
  clubInstant,
  clubTimeOf,
  maxBlockOccurrences,
  type BlockRecurrence,
} from '@clube/shared';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { AppError } from '../../lib/app-error';

export type Occurrence = { startsAt: Date; endsAt: Date };

const minuteMs = 60_000;

/** The club wall-clock date and time of an instant, plus what lies below the minute. */
function wallClockOf(instant: Date, timezone: string) {
  return {
    date: clubDateOf(instant, timezone),
    time: clubTimeOf(instant, timezone),
    // Zone offsets are whole minutes, so seconds and milliseconds do not depend on the zone.
    belowMinuteMs: ((instant.getTime() % minuteMs) + minuteMs) % minuteMs,
  };
}

function invalid(path: string, message: string): AppError {
  return new AppError('ValidationError', { details: [{ in: 'body', path, message }] });
}

/**
 * The occurrences of a block: itself alone, or one a week up to and including the club-local
 * date `until`. Each occurrence keeps the club's wall-clock start and end times (06:00–08:00
 * stays 06:00–08:00 across a daylight-saving change), so its length in real time may differ.
 */
export function expandWeeklyRecurrence(
  first: Occurrence,
  recurrence: BlockRecurrence | undefined,
  timezone: string,
): Occurrence[] {
  if (first.startsAt.getTime() >= first.endsAt.getTime()) {
    throw invalid('endsAt', blockStartBeforeEndMessage);
  }
  if (!recurrence) return [first];

  const start = wallClockOf(first.startsAt, timezone);
  const end = wallClockOf(first.endsAt, timezone);
  if (recurrence.until < start.date) {
    throw invalid(
      'recurrence.until',
      'A data final da repetição deve ser igual ou posterior ao início do bloqueio.',
    );
  }
  const weeks =
    Math.floor(differenceInCalendarDays(parseISO(recurrence.until), parseISO(start.date)) / 7) + 1;
  if (weeks > maxBlockOccurrences) {
    throw invalid(
      'recurrence.until',
      `A repetição semanal pode gerar no máximo ${maxBlockOccurrences} bloqueios.`,
    );
  }

  const occurrences: Occurrence[] = [];
  for (let week = 0; week < weeks; week += 1) {
    const days = week * 7;
    const startsAt = new Date(
      clubInstant(addDaysToDate(start.date, days), start.time, timezone).getTime() +
        start.belowMinuteMs,
    );
    const endsAt = new Date(
      clubInstant(addDaysToDate(end.date, days), end.time, timezone).getTime() + end.belowMinuteMs,
    );
    // A wall-clock time skipped by a spring-forward gap can leave an empty occurrence: drop it.
    if (startsAt.getTime() < endsAt.getTime()) occurrences.push({ startsAt, endsAt });
  }
  return occurrences;
}
