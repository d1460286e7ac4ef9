import {
  addDaysToDate,
  clubInstant,
  clubWallClockExists,
  minutesOfTime,
  timeOfMinutes,
} from '@clube/shared';

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

/**
 * The slots of a club-local date. Slots are laid on the club's wall clock: from the window's start
 * every bookRange minutes, ending inside the window. Daylight-saving days bend that grid, so:
 * - a slot whose wall-clock start is never shown (inside a spring-forward gap) is dropped;
 * - a slot lasts exactly bookRange minutes of real time, its end being its start + bookRange (the
 *   wall-clock end is 0 or 120 minutes away across a jump, and the booking rule wants bookRange);
 * - a start shown twice (the repeated hour of a fall-back day) is its first occurrence, so the
 *   repeated hour is offered once; a slot that would overlap the slot before it (an odd bookRange
 *   across a gap) is dropped, so no instant is ever offered twice;
 * - a slot must end no later than the instant the window closes.
 * The booking rule "starts on a slot" searches this same list, so every slot offered is bookable.
 */
export function generateSlotTimes(date: string, timezone: string, grid: SlotGrid): SlotTime[] {
  const window = slotWindow(grid);
  if (!window || grid.bookRange <= 0) return [];
  // A window closing at midnight closes at the next day's 00:00.
  const closesAt =
    window.end >= 24 * 60
      ? clubInstant(addDaysToDate(date, 1), timeOfMinutes(window.end - 24 * 60), timezone)
      : clubInstant(date, timeOfMinutes(window.end), timezone);
  const length = grid.bookRange * 60_000;
  const slots: SlotTime[] = [];
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (let start = window.start; start + grid.bookRange <= window.end; start += grid.bookRange) {
    const time = timeOfMinutes(start);
    if (!clubWallClockExists(date, time, timezone)) continue;
    const startsAt = clubInstant(date, time, timezone);
    const endsAt = new Date(startsAt.getTime() + length);
    if (startsAt.getTime() < previousEnd || endsAt > closesAt) continue;
    slots.push({ time, startsAt, endsAt });
    previousEnd = endsAt.getTime();
  }
  return slots;
}

/**
 * What holds each slot: the first booking and the first blocked time overlapping it (the part of
 * slotStatesOf the booking rules read, where a slot both blocked and taken fails two rules).
 */
export function holdersOf<S extends Interval, Booked extends Interval, Blocked extends Interval>(
  slots: S[],
  busy: { booked: readonly Booked[]; blocked: readonly Blocked[] },
): Array<{ slot: S; booking: Booked | undefined; block: Blocked | undefined }> {
  return slots.map((slot) => ({
    slot,
    booking: busy.booked.find((booking) => overlaps(slot, booking)),
    block: busy.blocked.find((block) => overlaps(slot, block)),
  }));
}

/** A slot's state: free, or the one reason it cannot be booked. */
export type SlotState = 'free' | 'taken' | 'blocked' | 'past' | 'outside-window';

/** What a slot's state is read against besides what holds it. */
export type SlotClock = {
  now: Date;
  /** The slot's date is beyond the booking window (today + the place's availableBookingDays). */
  beyondWindow?: boolean;
  /**
   * Which reason a slot with several says. `holder` (staff's views): a booking, then a block,
   * then started, then beyond the window: who is there matters at the front desk. `clock` (the
   * members' portal): started, beyond the window, a block, then a booking: a member reads first
   * what no booking could change, and never who holds a slot.
   */
  first?: 'holder' | 'clock';
};

/** The state of a slot whose holders are known (holdersOf), at the clock's instant. */
export function slotStateOf(
  held: { slot: Interval; booking?: unknown; block?: unknown },
  clock: SlotClock,
): SlotState {
  const past = held.slot.startsAt <= clock.now;
  if (clock.first === 'clock')
    return past
      ? 'past'
      : clock.beyondWindow
        ? 'outside-window'
        : held.block
          ? 'blocked'
          : held.booking
            ? 'taken'
            : 'free';
  return held.booking
    ? 'taken'
    : held.block
      ? 'blocked'
      : past
        ? 'past'
        : clock.beyondWindow
          ? 'outside-window'
          : 'free';
}

/**
 * The one computation of slot states (docs/domain.md, Time slots): each slot with the booking and
 * the blocked time holding it and its state. The staff and portal slot lists, the day sheet's
 * cells, the occupancy and the booking rules (rules 4 and 9) read it, each saying it in its own
 * words.
 */
export function slotStatesOf<S extends Interval, Booked extends Interval, Blocked extends Interval>(
  slots: S[],
  busy: { booked: readonly Booked[]; blocked: readonly Blocked[] },
  clock: SlotClock,
): Array<{ slot: S; booking: Booked | undefined; block: Blocked | undefined; state: SlotState }> {
  return holdersOf(slots, busy).map((held) => ({ ...held, state: slotStateOf(held, clock) }));
}
