/**
 * The booking rules (docs/domain.md, Booking rules) and their descriptions: rules 2–9 evaluated on
 * what ./booking-context reads, every failure listed, each described as both realms answer it.
 * Reads nothing.
 */
import {
  addDaysToDate,
  ageOn,
  clubDateOf,
  clubInstant,
  clubTimeOf,
  clubToday,
  dateLabel,
  errorCodeOf,
  errorMessageOf,
  isWaivableBookingRule,
  monthOf,
  type ApiErrorKey,
  type ErrorKeyWithoutParams,
  type BookingFailure as DescribedFailure,
} from '@clube/shared';
import type { ErrorOf } from '../../lib/app-error';
import { bookingWindowOf } from './booking-window';
import { clubDayRange, slotGridOf } from './day-grid';
import type { BookingContext, BookingRequest } from './booking-context';
import type { TitleBooking } from './place-day/read-place-context';
import { generateSlotTimes, slotStatesOf } from './slots';

/** A failing rule: its key and the values its text needs (never a text of its own). */
export type BookingFailure = ErrorOf & {
  /** TitleSuspended: the instant the suspension ends. */
  until?: string;
  /** Club-local date from which the member may book (window, quota month, suspension end). */
  from?: string;
};

// A key without params is a whole failure; the union is too wide for TS to see it unaided.
const failureOf = (key: ApiErrorKey & ErrorKeyWithoutParams) => ({ key }) as BookingFailure;

/**
 * A failure as both realms answer it (bookingFailureSchema in packages/shared): the code, the
 * table's text for it, its values, and the dates it needs.
 */
export function describeFailure(failure: BookingFailure): DescribedFailure {
  return {
    code: errorCodeOf(failure.key),
    message: errorMessageOf(failure.key, failure.params),
    ...(failure.params ? { params: failure.params } : {}),
    ...(failure.until ? { until: failure.until } : {}),
    ...(failure.from ? { from: failure.from } : {}),
  };
}

/** "DD/MM/AAAA" of an instant's club-local date. */
const clubDateLabel = (instant: Date, timezone: string) => dateLabel(clubDateOf(instant, timezone));

export type EvaluateBookingRulesOptions = {
  /** Read for this request at `now` (loadBookingContext), under the locks when booking. */
  context: BookingContext;
  request: BookingRequest;
  now: Date;
  /**
   * Staff book as an exception (docs/domain.md, "Exceptions"): the rules a club may waive are
   * set aside in `waived` instead of failing; every other rule still fails.
   */
  isException?: boolean;
};

/**
 * Booking rules 2–9 (docs/domain.md, Booking rules), in order, ALL evaluated: the "why not?"
 * check lists every failure, the booking answers the first. Reads nothing: the context holds what
 * the rules look at.
 */
export function evaluateBookingRules(options: EvaluateBookingRulesOptions) {
  const { failures, quota } = evaluateEveryRule(options);
  if (!options.isException) return { failures, quota, waived: [] as BookingFailure[] };
  return {
    failures: failures.filter((failure) => !isWaivableBookingRule(failure.key)),
    quota,
    waived: failures.filter((failure) => isWaivableBookingRule(failure.key)),
  };
}

function evaluateEveryRule(options: EvaluateBookingRulesOptions) {
  const { context, request, now } = options;
  const { place, timezone, associate, title } = context;
  const { startsAt, endsAt } = request;
  const date = clubDateOf(startsAt, timezone);
  const failures: BookingFailure[] = [];

  const slot = generateSlotTimes(date, timezone, slotGridOf(place, context.operatingHour)).find(
    (candidate) => candidate.startsAt.getTime() === startsAt.getTime(),
  );
  const busyRange = slot ?? { startsAt, endsAt: endsAt > startsAt ? endsAt : startsAt };
  const state = countTitleBookings(context, startsAt, date);
  const { rules } = context;
  const { booking, block } = slotStatesOf([busyRange], rules.busy, { now })[0]!;

  // 2. Neither the associate nor the family title may be blocked.
  if (associate.blocked) failures.push(failureOf('AssociateBlocked'));
  if (title.blocked) failures.push(failureOf('TitleBlocked'));
  // A title suspended by the club's no-show policy books again once the suspension ends (or staff
  // lift it); bookings made before it stay.
  if (rules.suspendedUntil !== null) {
    const until = new Date(rules.suspendedUntil);
    failures.push({
      key: 'TitleSuspended',
      params: { endDate: clubDateLabel(until, timezone) },
      until: until.toISOString(),
      from: clubDateOf(until, timezone),
    });
  }

  // 3. The booking lasts exactly one slot.
  if (endsAt.getTime() - startsAt.getTime() !== place.bookRange * 60_000)
    failures.push(failureOf('InvalidAppointmentDuration'));

  // 4. It starts on a slot of that day, not in the past, clear of any blocked time. A slot missing
  // from a day a special day closes or shortens is refused with that day's name.
  if (!slot && context.specialDay)
    failures.push({ key: 'SpecialDayClosed', params: { name: context.specialDay.name } });
  else if (!slot || slot.startsAt <= now || block) failures.push(failureOf('TimeNotAvailable'));

  // 5. Within the booking window counted from club-local today.
  const window = bookingWindowOf({
    date,
    today: clubToday(timezone, now),
    availableBookingDays: place.availableBookingDays,
  });
  if (window.isBeyond)
    failures.push({ ...failureOf('AvailableBookingDaysMissed'), from: window.opensOn });

  // 6. Old enough on the appointment's club-local date.
  if (ageOn(associate.birthDate, date) < place.ageRestriction)
    failures.push({ key: 'AgeRestriction', params: { minimumAge: place.ageRestriction } });

  // 7 and 8 count the title's bookings: attended and missed ones were bookings too. The refusal
  // names the title's booking that causes it (the same day's first, else the day before's).
  const category = context.category;
  const cause =
    (category.blockedAppointmentDay ? state.sameDay[0] : undefined) ??
    (category.notAppointmentPreviousDayTime ? state.previousDayTime[0] : undefined);
  if (cause)
    failures.push({
      key: 'WaitingPeriodRequired',
      params: {
        place: cause.placeName,
        date: clubDateLabel(cause.startsAt, timezone),
        time: clubTimeOf(cause.startsAt, timezone),
      },
    });

  const limit = place.associateReservationLimit;
  if (limit > 0 && state.month >= limit)
    failures.push({ ...failureOf('ReservationsLimitReached'), from: monthOf(date).next });

  // 9. Nobody holds an overlapping booking (the exclusion constraint guarantees it on insert).
  if (booking) failures.push(failureOf('TimeAlreadyTaken'));

  return { failures, quota: { used: state.month, limit } };
}

/**
 * The title's occupying bookings the count rules count: of the place's category that club day and
 * of the category at the same time the day before (each in start order), and how many of this
 * place this month.
 */
function countTitleBookings(context: BookingContext, startsAt: Date, date: string) {
  const { place, timezone } = context;
  const day = clubDayRange(date, timezone);
  const previousDayStart = clubInstant(
    addDaysToDate(date, -1),
    clubTimeOf(startsAt, timezone),
    timezone,
  ).getTime();
  const month = monthOf(date);
  const monthStart = clubInstant(month.first, '00:00', timezone);
  const monthEnd = clubInstant(month.next, '00:00', timezone);
  const counts = {
    sameDay: [] as TitleBooking[],
    previousDayTime: [] as TitleBooking[],
    month: 0,
  };
  for (const booking of context.rules.titleBookings) {
    const ofCategory = booking.categoryId === place.categoryId;
    if (ofCategory && booking.startsAt >= day.startsAt && booking.startsAt < day.endsAt)
      counts.sameDay.push(booking);
    if (ofCategory && booking.startsAt.getTime() === previousDayStart)
      counts.previousDayTime.push(booking);
    if (
      booking.placeId === place.id &&
      booking.startsAt >= monthStart &&
      booking.startsAt < monthEnd
    )
      counts.month += 1;
  }
  return counts;
}
