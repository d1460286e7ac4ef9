import { addDaysToDate, clubInstant } from '@clube/shared';
import type { Interval, SlotGrid } from './slots';

/** The club-local day a calendar is read for: a date, or the day an instant falls on. */
export type ClubDay = { date: string } | { instant: Date };

/** [00:00 of date, 00:00 of the next day) in the club's timezone. */
export function clubDayRange(date: string, timezone: string): Interval {
  return {
    startsAt: clubInstant(date, '00:00', timezone),
    endsAt: clubInstant(addDaysToDate(date, 1), '00:00', timezone),
  };
}

/** The slot grid of a place on a day whose operating hour (null when closed) is known. */
export function slotGridOf(
  place: { startsAt: string; endsAt: string; bookRange: number },
  operatingHour: SlotGrid['operatingHour'],
): SlotGrid {
  return {
    placeStartsAt: place.startsAt,
    placeEndsAt: place.endsAt,
    bookRange: place.bookRange,
    operatingHour,
  };
}
