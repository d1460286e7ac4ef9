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
  busyIntervalsQuery,
  clubDayRange,
  placeOfStaffWhere,
  selectPlaceOfStaff,
  slotGridOf,
  splitBusy,
  type Busy,
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

/** What a booking's context is read for: which place, which associate, at what instant. */
export type BookingContextOptions = {
  placeId: string;
  associateId: string;
  startsAt: Date;
  /** The clubs the place must belong to (the caller's). */
  companyIds: ReadonlySet<string>;
};

/**
 * The place (with its club's timezone, category and operating hour that day) and the associate
 * with their title, in one round trip: every booking and every "why not?" reads it first. Throws
 * PlaceNotFound for a place outside the caller's clubs; the associate is null when not of the
 * place's club.
 */
export async function readBookingContext(db: Database, options: BookingContextOptions) {
  if (options.companyIds.size === 0) throw new AppError('PlaceNotFound');
  const [row] = await selectPlaceOfStaff(db, {
    day: { instant: options.startsAt },
    extra: { associate: associates, title: associateTitles },
  })
    .leftJoin(
      associates,
      and(eq(associates.id, options.associateId), eq(associates.companyId, places.companyId)),
    )
    .leftJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
    .where(placeOfStaffWhere(options));
  if (!row) throw new AppError('PlaceNotFound');
  const { associate, title, ...placeOfStaff } = row;
  return { ...placeOfStaff, associate: associate && title ? { associate, title } : null };
}

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
  const { associate, ...placeOfStaff } = await readBookingContext(db, {
    placeId: request.placeId,
    associateId: request.associateId,
    startsAt: new Date(request.startsAt),
    companyIds,
  });
  if (!associate || associate.associate.cardId !== request.cardId)
    throw new AppError('AssociateNotFound');
  return { ...placeOfStaff, ...associate };
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
  // lock) must not receive this booking. evaluateBookingRules, run next, reads the place's
  // archive again and answers PlaceNotFound.
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

/**
 * What the rules read besides the context, in one query: the title's bookings around the booking,
 * its suspension in force, the slot's blocked times and bookings, and whether the place was
 * archived since the context was read.
 */
type RuleState = Busy & {
  sameDay: number;
  previousDayTime: number;
  month: number;
  /** Epoch milliseconds at which the title's suspension in force ends; null when none is. */
  suspendedUntil: number | null;
  placeArchived: boolean;
};

export type EvaluateBookingRulesOptions = {
  context: BookingContext;
  request: BookingRequest;
  now?: Date;
};

/**
 * Booking rules 2–9 (docs/domain.md, Booking rules), in order, ALL evaluated: the "why not?"
 * check lists every failure, the booking answers the first. One query whatever the place's
 * hours (loadRuleState). A place archived since the context was read answers PlaceNotFound.
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
  const state = await loadRuleState(db, {
    context,
    startsAt,
    date,
    now,
    busyRange,
  });
  if (state.placeArchived) throw new AppError('PlaceNotFound');
  const { blocked, booked } = state;

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

/**
 * The title's occupying bookings the count rules read (same category that day, same category at
 * the same time the day before, this place this month), the latest-ending suspension in force at
 * `now` (not lifted), the slot's blocked times and bookings, and the place's archive, in one
 * round trip.
 */
async function loadRuleState(
  db: Database,
  options: {
    context: BookingContext;
    startsAt: Date;
    date: string;
    now: Date;
    busyRange: Interval;
  },
): Promise<RuleState> {
  const { context, startsAt, date, now, busyRange } = options;
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
  const busy = sql`(
    select coalesce(json_agg(json_build_array(b.booked, b.place_id, b.starts_at, b.ends_at)), '[]'::json)
    from (${busyIntervalsQuery(db, { placeIds: [place.id], range: busyRange })}) b)`;

  const [row] = await queryRows<{
    sameDay: number;
    previousDayTime: number;
    month: number;
    suspendedUntil: number | string | null;
    placeArchived: boolean;
    busy: Array<[boolean, string, string, string]>;
  }>(
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
        ) as "suspendedUntil",
        coalesce((select pl.archived_at is not null from places pl where pl.id = ${place.id}), true)
          as "placeArchived",
        ${busy} as "busy"
      from appointments a
      join places p on p.id = a.place_id
      where a.associate_title_id = ${title.id}
        and a.status in ('SCHEDULED', 'CHECKED_IN', 'NO_SHOW')
        and a.starts_at >= ${iso(from)}::timestamptz
        and a.starts_at < ${iso(to)}::timestamptz
    `,
  );
  const intervals = (row?.busy ?? []).map(([booked, placeId, startsAt, endsAt]) => ({
    booked,
    placeId,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
  }));
  return {
    ...splitBusy(intervals),
    sameDay: row?.sameDay ?? 0,
    previousDayTime: row?.previousDayTime ?? 0,
    month: row?.month ?? 0,
    suspendedUntil:
      row?.suspendedUntil === null || row === undefined ? null : Number(row.suspendedUntil),
    placeArchived: row?.placeArchived ?? true,
  };
}
