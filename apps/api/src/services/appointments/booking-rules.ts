import { associateTitles, associates, places, queryRows, type Database } from '@clube/db';
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
  monthOf,
  type ApiErrorKey,
  type ErrorKeyWithoutParams,
} from '@clube/shared';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, type ErrorOf } from '../../lib/app-error';
import {
  clubDayRange,
  loadBusyIntervals,
  loadPlaceOfStaff,
  slotGridOf,
} from './load-place-schedule';
import { generateSlotTimes, type Interval } from './slots';
import { lockPlaceAndTitle } from '../../lib/place-lock';

export type BookingRequest = {
  associateId: string;
  placeId: string;
  startsAt: string;
  endsAt: string;
  cardId: string;
};

/**
 * Booking rule 1 (docs/domain.md, Booking rules): the place and the associate exist in one of the
 * caller's clubs, and the card number is the associate's (a card of somebody else answers
 * AssociateNotFound).
 */
export async function loadBookingContext(
  db: Database,
  options: { request: BookingRequest; companyIds: ReadonlySet<string> },
) {
  const { request, companyIds } = options;
  const placeOfStaff = await loadPlaceOfStaff(db, {
    placeId: request.placeId,
    companyIds,
    day: { instant: new Date(request.startsAt) },
  });
  const { place } = placeOfStaff;
  const [row] = await db
    .select({ associate: associates, title: associateTitles })
    .from(associates)
    .innerJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
    .where(and(eq(associates.id, request.associateId), eq(associates.companyId, place.companyId)));
  if (!row || row.associate.cardId !== request.cardId) throw new AppError('AssociateNotFound');
  return { ...placeOfStaff, associate: row.associate, title: row.title };
}

export type BookingContext = Awaited<ReturnType<typeof loadBookingContext>>;

/**
 * Serialises bookings of one place and of one title until the transaction ends, so the count
 * rules (quota, same day, previous day) and the blocked-time check see every committed booking.
 * Always place first, then title: every booking takes exactly one of each, so no cycle can form.
 */
export async function lockBookingKeys(
  db: Database,
  options: { context: BookingContext },
): Promise<void> {
  const { context } = options;
  await lockPlaceAndTitle(db, context.place.id, context.title.id);
  // The context was read before the lock: a place archived meanwhile (its archive holds the same
  // lock) must not receive this booking. Read again now that no archive can be in flight.
  const [place] = await db
    .select({ archivedAt: places.archivedAt })
    .from(places)
    .where(eq(places.id, context.place.id));
  if (!place || place.archivedAt) throw new AppError('PlaceNotFound');
}

/** A failing rule: its key and the values its text needs (never a text of its own). */
export type BookingFailure = ErrorOf & {
  /** TitleSuspended: the instant the suspension ends. */
  until?: string;
  /** Club-local date from which the member may book (window, quota month, suspension end). */
  from?: string;
};

// A key without params is a whole failure; the union is too wide for TS to see it unaided.
const failureOf = (key: ApiErrorKey & ErrorKeyWithoutParams) => ({ key }) as BookingFailure;

/** A failure as clients read it: the code, the table's text for it, and its values. */
export function describeFailure(failure: BookingFailure) {
  return {
    code: errorCodeOf(failure.key),
    message: errorMessageOf(failure.key, failure.params),
    ...(failure.params ? { params: failure.params } : {}),
  };
}

/** "DD/MM/AAAA" of an instant's club-local date. */
const clubDateLabel = (instant: Date, timezone: string) => dateLabel(clubDateOf(instant, timezone));

/** What the title holds around the booking, and its suspension in force, read in one query. */
type TitleState = {
  sameDay: number;
  previousDayTime: number;
  month: number;
  /** Epoch milliseconds at which the title's suspension in force ends; null when none is. */
  suspendedUntil: number | null;
};

/** Blocked times and bookings overlapping `range`, read by the caller before evaluating. */
export type BusyIntervals = Awaited<ReturnType<typeof loadBusyIntervals>> & { range: Interval };

export type EvaluateBookingRulesOptions = {
  context: BookingContext;
  request: BookingRequest;
  now?: Date;
  /**
   * The slot's blocked times and bookings when the caller has just read them (the booking path's
   * look before the lock): used when they cover exactly the range rule 4 reads, saving a query.
   */
  busy?: BusyIntervals;
};

/**
 * Booking rules 2–9 (docs/domain.md, Booking rules), in order, ALL evaluated: the "why not?"
 * check lists every failure, the booking answers the first. Two queries whatever the place's
 * hours: the slot's blocked times and bookings, and the title's bookings with its suspension.
 */
export async function evaluateBookingRules(db: Database, options: EvaluateBookingRulesOptions) {
  const { context, request } = options;
  const now = options.now ?? new Date();
  const { place, timezone, associate, title } = context;
  const startsAt = new Date(request.startsAt);
  const endsAt = new Date(request.endsAt);
  const date = clubDateOf(startsAt, timezone);
  const failures: BookingFailure[] = [];

  const slot = generateSlotTimes(date, timezone, slotGridOf(place, context.operatingHour)).find(
    (candidate) => candidate.startsAt.getTime() === startsAt.getTime(),
  );
  const busyRange = slot ?? { startsAt, endsAt: endsAt > startsAt ? endsAt : startsAt };
  const [{ blocked, booked }, state] = await Promise.all([
    options.busy && sameInterval(options.busy.range, busyRange)
      ? options.busy
      : loadBusyIntervals(db, { placeIds: [place.id], range: busyRange }),
    loadTitleState(db, context, startsAt, date, now),
  ]);

  // 2. Neither the associate nor the family title may be blocked.
  if (associate.blocked) failures.push(failureOf('AssociateBlocked'));
  if (title.blocked) failures.push(failureOf('TitleBlocked'));
  // A title suspended by the club's no-show policy books again once the suspension ends (or staff
  // lift it); bookings made before it stay.
  if (state.suspendedUntil !== null) {
    const until = new Date(state.suspendedUntil);
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

  // 4. It starts on a slot of that day, not in the past, clear of any blocked time.
  if (!slot || slot.startsAt <= now || blocked.length > 0)
    failures.push(failureOf('TimeNotAvailable'));

  // 5. Within the booking window counted from club-local today.
  if (date > addDaysToDate(clubToday(timezone, now), place.availableBookingDays))
    failures.push({
      ...failureOf('AvailableBookingDaysMissed'),
      // The window reaches this date once today is availableBookingDays before it.
      from: addDaysToDate(date, -place.availableBookingDays),
    });

  // 6. Old enough on the appointment's club-local date.
  if (ageOn(associate.birthDate, date) < place.ageRestriction)
    failures.push(failureOf('AgeRestriction'));

  // 7 and 8 count the title's bookings: attended and missed ones were bookings too.
  const category = context.category;
  const sameDayBlocked = category.blockedAppointmentDay && state.sameDay > 0;
  const previousDayBlocked = category.notAppointmentPreviousDayTime && state.previousDayTime > 0;
  if (sameDayBlocked || previousDayBlocked) failures.push(failureOf('WaitingPeriodRequired'));

  const limit = place.associateReservationLimit;
  if (limit > 0 && state.month >= limit)
    failures.push({ ...failureOf('ReservationsLimitReached'), from: monthOf(date).next });

  // 9. Nobody holds an overlapping booking (the exclusion constraint guarantees it on insert).
  if (booked.length > 0) failures.push(failureOf('TimeAlreadyTaken'));

  return { failures, quota: { used: state.month, limit }, title };
}

const sameInterval = (a: Interval, b: Interval) =>
  a.startsAt.getTime() === b.startsAt.getTime() && a.endsAt.getTime() === b.endsAt.getTime();

/**
 * The title's occupying bookings the count rules read (same category that day, same category at
 * the same time the day before, this place this month), and the latest-ending suspension in force
 * at `now` (not lifted), in one round trip.
 */
async function loadTitleState(
  db: Database,
  context: BookingContext,
  startsAt: Date,
  date: string,
  now: Date,
): Promise<TitleState> {
  const { place, timezone, title } = context;
  const day = clubDayRange(date, timezone);
  const previousDayStart = clubInstant(
    addDaysToDate(date, -1),
    clubTimeOf(startsAt, timezone),
    timezone,
  );
  const month = monthOf(date);
  const monthStart = clubInstant(month.first, '00:00', timezone);
  const monthEnd = clubInstant(month.next, '00:00', timezone);
  const from = new Date(Math.min(monthStart.getTime(), previousDayStart.getTime()));
  const to = new Date(Math.max(monthEnd.getTime(), day.endsAt.getTime()));
  const iso = (instant: Date) => instant.toISOString();

  const [row] = await queryRows<TitleState>(
    db,
    sql`
      select
        count(*) filter (
          where p.category_id = ${place.categoryId}
            and a.starts_at >= ${iso(day.startsAt)}::timestamptz
            and a.starts_at < ${iso(day.endsAt)}::timestamptz
        )::int as "sameDay",
        count(*) filter (
          where p.category_id = ${place.categoryId}
            and a.starts_at = ${iso(previousDayStart)}::timestamptz
        )::int as "previousDayTime",
        count(*) filter (
          where a.place_id = ${place.id}
            and a.starts_at >= ${iso(monthStart)}::timestamptz
            and a.starts_at < ${iso(monthEnd)}::timestamptz
        )::int as "month",
        (
          select (extract(epoch from s.ends_at) * 1000)::float8
          from title_suspensions s
          where s.associate_title_id = ${title.id}
            and s.lifted_at is null
            and s.starts_at <= ${iso(now)}::timestamptz
            and s.ends_at > ${iso(now)}::timestamptz
          order by s.ends_at desc
          limit 1
        ) as "suspendedUntil"
      from appointments a
      join places p on p.id = a.place_id
      where a.associate_title_id = ${title.id}
        and a.status in ('SCHEDULED', 'CHECKED_IN', 'NO_SHOW')
        and a.starts_at >= ${iso(from)}::timestamptz
        and a.starts_at < ${iso(to)}::timestamptz
    `,
  );
  return {
    sameDay: row?.sameDay ?? 0,
    previousDayTime: row?.previousDayTime ?? 0,
    month: row?.month ?? 0,
    suspendedUntil:
      row?.suspendedUntil === null || row === undefined ? null : Number(row.suspendedUntil),
  };
}
