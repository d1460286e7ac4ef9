import { addDaysToDate, clubInstant, minutesOfTime, timeOfMinutes } from '@clube/shared';

/** A half-open interval of instants [startsAt, endsAt). */
export type Interval = { startsAt: Date; endsAt: Date };

export type SlotGrid = {
  /** Club-local wall-clock times "HH:mm" (a time column's "HH:mm:ss" is accepted). */
  placeStartsAt: string;
  placeEndsAt: string;
  bookRange: number;
  /** The weekday's operating hour; null when the club is closed that weekday. */
  operatingHour: { openTime: string; closeTime: string } | null;
};

export type SlotTime = { time: string; startsAt: Date; endsAt: Date };

export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** Minutes since midnight of [max(place start, open), min(place end, close)); null when empty. */
export function slotWindow(grid: SlotGrid): { start: number; end: number } | null {
  if (!grid.operatingHour) return null;
  const start = Math.max(
    minutesOfTime(grid.placeStartsAt),
    minutesOfTime(grid.operatingHour.openTime),
  );
  const end = Math.min(
    minutesOfTime(grid.placeEndsAt),
    minutesOfTime(grid.operatingHour.closeTime),
  );
  return start < end ? { start, end } : null;
}

/** The slots of a club-local date: from the window's start every bookRange minutes, ending inside it. */
export function generateSlotTimes(date: string, timezone: string, grid: SlotGrid): SlotTime[] {
  const window = slotWindow(grid);
  if (!window || grid.bookRange <= 0) return [];
  const slots: SlotTime[] = [];
  for (let start = window.start; start + grid.bookRange <= window.end; start += grid.bookRange) {
    const time = timeOfMinutes(start);
    const end = start + grid.bookRange;
    // A slot ending exactly at midnight ends at the next day's 00:00.
    const endsAt =
      end >= 24 * 60
        ? clubInstant(addDaysToDate(date, 1), timeOfMinutes(end - 24 * 60), timezone)
        : clubInstant(date, timeOfMinutes(end), timezone);
    slots.push({ time, startsAt: clubInstant(date, time, timezone), endsAt });
  }
  return slots;
}

export type SlotAvailabilityInput = {
  now: Date;
  /** Club-local dates after which nothing may be booked (today + availableBookingDays). */
  lastBookableDate: string;
  date: string;
  blockedTimes: Interval[];
  appointments: Interval[];
};

/** Past, beyond the booking window, blocked or taken → unavailable (docs/domain.md, Time slots). */
export function markAvailability(slots: SlotTime[], input: SlotAvailabilityInput) {
  const beyondWindow = input.date > input.lastBookableDate;
  return slots.map((slot) => ({
    ...slot,
    available:
      !beyondWindow &&
      slot.startsAt > input.now &&
      !input.blockedTimes.some((block) => overlaps(slot, block)) &&
      !input.appointments.some((appointment) => overlaps(slot, appointment)),
  }));
}
