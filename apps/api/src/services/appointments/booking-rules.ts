import { preparedStatement, type Database } from '@clube/db';
import {
  addDaysToDate,
  ageOn,
  clubDateOf,
  clubInstant,
  clubTimeOf,
  clubToday,
  dateLabel,
  dayOfWeekOf,
  errorCodeOf,
  errorMessageOf,
  limits,
  monthOf,
  type ApiErrorKey,
  type ErrorKeyWithoutParams,
} from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { AppError, type ErrorOf } from '../../lib/app-error';
import {
  busyIntervalsSql,
  clubDayRange,
  occupyingStatusList,
  slotGridOf,
  splitBusy,
  weekdayAt,
  type Busy,
  type ClubDay,
  type PlaceOfStaff,
} from './load-place-schedule';
import { generateSlotTimes, overlaps, type Interval } from './slots';
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
  /** The request's end when known (the back office's); the portal's is start + the place's slot. */
  endsAt?: Date;
  /** The clubs the place must belong to (the caller's). */
  companyIds: ReadonlySet<string>;
  /** The instant the rules are evaluated at (the suspension in force). */
  now: Date;
};

/** The title's bookings the count rules look at, read with the context. */
type TitleBooking = { placeId: string; categoryId: string; startsAt: Date };

/**
 * What the rules read besides the place and the associate, read in the same query, a little wider
 * than the rules look (the club's timezone is only known with the place): the title's occupying
 * bookings of the place's category or of the place from a month before the slot to a month after,
 * the latest-ending suspension in force at `now` (not lifted), and the place's blocked times and
 * bookings overlapping the longest slot a place may have from the request's start.
 */
type RuleRows = {
  titleBookings: TitleBooking[];
  /** Epoch milliseconds at which the title's suspension in force ends; null when none is. */
  suspendedUntil: number | null;
  busy: Busy;
};

/** Around the slot, the title's bookings read for the count rules (a month holds ≤ 31 days). */
const titleBookingsMargin = 33 * 24 * 60 * 60_000;

/** What readPlaceContext reads: a place on a club day, and who books it. */
export type PlaceContextOptions = {
  placeId: string;
  /** The clubs the place must belong to (the caller's). */
  companyIds: ReadonlySet<string>;
  /** The club day whose operating hour is read. */
  day: ClubDay;
  /** The blocked times and bookings of the place overlapping this range are read. */
  busyRange: Interval;
  /**
   * Whom a booking is for, with their title's bookings starting in `titleWindow` and the
   * suspension in force at `now`; absent for a court's day read for nobody in particular.
   */
  booker?: { associateId: string; titleWindow: Interval; now: Date };
};

/** The row readPlaceContext reads, as the database writes it in JSON. */
type PlaceContextRow = {
  place: PlaceOfStaff['place'];
  timezone: string;
  category: PlaceOfStaff['category'];
  operatingHour: PlaceOfStaff['operatingHour'];
  associate: {
    id: string;
    cardId: string;
    birthDate: string;
    blocked: boolean;
    blockedReason: string | null;
  } | null;
  title: { id: string; blocked: boolean; blockedReason: string | null } | null;
  titleBookings: Array<[placeId: string, categoryId: string, startsAt: string]> | null;
  suspendedUntil: number | null;
  busy: Array<[booked: boolean, placeId: string, startsAt: string, endsAt: string]> | null;
};

/**
 * The place (with its club's timezone, category and operating hour that day), the associate with
 * their title, and what the rules read (RuleRows), in one round trip: every booking, every "why
 * not?", a booking again under its locks and a member's view of a court's day read this. Throws
 * PlaceNotFound for a place outside the caller's clubs or archived; the associate and the title
 * are null when not of the place's club (or not asked for).
 */
export async function readPlaceContext(db: Database, options: PlaceContextOptions) {
  const { placeId, day, booker } = options;
  if (options.companyIds.size === 0) throw new AppError('PlaceNotFound');
  // No caller passes an inverted range; tstzrange would refuse one, so it is read as its start.
  const busyRange = {
    startsAt: options.busyRange.startsAt,
    endsAt: new Date(
      Math.max(options.busyRange.startsAt.getTime(), options.busyRange.endsAt.getTime()),
    ),
  };
  const statement =
    placeContextStatements['date' in day ? 'byDate' : 'byInstant'][
      booker ? 'forBooker' : 'forPlace'
    ];
  const [row] = await statement(db, {
    placeId,
    companyIds: [...options.companyIds],
    day: 'date' in day ? dayOfWeekOf(day.date) : day.instant.toISOString(),
    busyFrom: busyRange.startsAt.toISOString(),
    busyTo: busyRange.endsAt.toISOString(),
    ...(booker && {
      associateId: booker.associateId,
      titleFrom: booker.titleWindow.startsAt.toISOString(),
      titleTo: booker.titleWindow.endsAt.toISOString(),
      now: booker.now.toISOString(),
    }),
  });
  if (!row) throw new AppError('PlaceNotFound');
  const { associate, title, titleBookings, suspendedUntil, busy, ...placeOfStaff } = row.context;
  const rules: RuleRows = {
    titleBookings: (titleBookings ?? []).map(([bookedPlaceId, categoryId, starts]) => ({
      placeId: bookedPlaceId,
      categoryId,
      startsAt: new Date(starts),
    })),
    suspendedUntil: suspendedUntil === null ? null : Number(suspendedUntil),
    busy: splitBusy(
      (busy ?? []).map(([booked, busyPlaceId, starts, ends]) => ({
        booked,
        placeId: busyPlaceId,
        startsAt: new Date(starts),
        endsAt: new Date(ends),
      })),
    ),
  };
  return { ...placeOfStaff, rules, associate: associate && title ? { associate, title } : null };
}

type PlaceContextParams = {
  placeId: string;
  companyIds: string[];
  /** The weekday name of the club day's date, or the instant whose club day it is (ISO). */
  day: string;
  busyFrom: string;
  busyTo: string;
  associateId?: string;
  titleFrom?: string;
  titleTo?: string;
  now?: string;
};

/**
 * readPlaceContext's query, one prepared statement for each way it is asked (the day by date or
 * by instant, for a booker or for nobody): every booking attempt of a rush and every member's
 * look at a court's day run it, and its planning took longer than its running. Written as SQL
 * text rather than with the query builder, whose building cost the server more than PostgreSQL
 * took to answer.
 */
const placeContextStatementOf = (variant: { byDate: boolean; forBooker: boolean }) =>
  preparedStatement<PlaceContextParams, { context: PlaceContextRow }>(
    `place_context_${variant.byDate ? 'date' : 'instant'}_${variant.forBooker ? 'booker' : 'place'}`,
    () => placeContextSql(variant),
  );
const placeContextStatements = {
  byDate: {
    forBooker: placeContextStatementOf({ byDate: true, forBooker: true }),
    forPlace: placeContextStatementOf({ byDate: true, forBooker: false }),
  },
  byInstant: {
    forBooker: placeContextStatementOf({ byDate: false, forBooker: true }),
    forPlace: placeContextStatementOf({ byDate: false, forBooker: false }),
  },
};

function placeContextSql(variant: { byDate: boolean; forBooker: boolean }): SQL {
  const value = (name: keyof PlaceContextParams) => sql`${sql.placeholder(name)}`;
  const instant = (name: keyof PlaceContextParams) => sql`${value(name)}::timestamptz`;
  // A court's day read for nobody in particular plans and runs none of the title's parts.
  const titleBookingsSql = variant.forBooker
    ? sql`(
        select json_agg(json_build_array(a.place_id, p.category_id, a.starts_at))
        from appointments a
        join places p on p.id = a.place_id
        where a.associate_title_id = associate_titles.id
          and (p.category_id = places.category_id or a.place_id = places.id)
          and a.status in (${occupyingStatusList})
          and a.starts_at >= ${instant('titleFrom')}
          and a.starts_at < ${instant('titleTo')})`
    : sql`null`;
  const suspensionSql = variant.forBooker
    ? sql`(
        select (extract(epoch from s.ends_at) * 1000)::float8
        from title_suspensions s
        where s.associate_title_id = associate_titles.id
          and s.lifted_at is null
          and s.starts_at <= ${instant('now')}
          and s.ends_at > ${instant('now')}
        order by s.ends_at desc
        limit 1)`
    : sql`null`;
  const weekday = variant.byDate ? value('day') : weekdayAt(value('day'));
  const associateId = variant.forBooker ? sql`${value('associateId')}::uuid` : sql`null::uuid`;
  return sql`
      select json_build_object(
        'place', json_build_object(
          'id', places.id,
          'companyId', places.company_id,
          'categoryId', places.category_id,
          'startsAt', places.starts_at,
          'endsAt', places.ends_at,
          'bookRange', places.book_range,
          'associateReservationLimit', places.associate_reservation_limit,
          'availableBookingDays', places.available_booking_days,
          'ageRestriction', places.age_restriction),
        'timezone', companies.timezone,
        'category', json_build_object(
          'blockedAppointmentDay', categories.blocked_appointment_day,
          'notAppointmentPreviousDayTime', categories.not_appointment_previous_day_time),
        'operatingHour', case when operating_hours.id is null then null else json_build_object(
          'openTime', operating_hours.open_time,
          'closeTime', operating_hours.close_time) end,
        'associate', case when associates.id is null then null else json_build_object(
          'id', associates.id,
          'cardId', associates.card_id,
          'birthDate', associates.birth_date,
          'blocked', associates.blocked,
          'blockedReason', associates.blocked_reason) end,
        'title', case when associate_titles.id is null then null else json_build_object(
          'id', associate_titles.id,
          'blocked', associate_titles.blocked,
          'blockedReason', associate_titles.blocked_reason) end,
        'titleBookings', ${titleBookingsSql},
        'suspendedUntil', ${suspensionSql},
        'busy', (
          select json_agg(json_build_array(b.booked, b.place_id, b.starts_at, b.ends_at))
          from (${busyIntervalsSql({ placeIds: sql`array[${value('placeId')}::uuid]`, from: value('busyFrom'), to: value('busyTo') })}) b)
      ) as context
      from places
      join companies on companies.id = places.company_id
      join categories on categories.id = places.category_id
      left join operating_hours on operating_hours.company_id = places.company_id
        and operating_hours.day_of_week = ${weekday}
      left join associates on associates.id = ${associateId}
        and associates.company_id = places.company_id
      left join associate_titles on associate_titles.id = associates.associate_title_id
      where places.id = ${value('placeId')}::uuid
        and places.company_id = any(${value('companyIds')}::uuid[])
        and places.archived_at is null
    `;
}

/**
 * The place, whom the booking is for and what the rules read (readPlaceContext) for a booking
 * starting at `startsAt`: the title's bookings from a month before to a month after, and the
 * place's blocked times and bookings overlapping the longest slot a place may have from there.
 */
export async function readBookingContext(db: Database, options: BookingContextOptions) {
  const { startsAt } = options;
  const at = (offset: number) => new Date(startsAt.getTime() + offset);
  const longestSlot = limits.bookRangeMinutes.max * 60_000;
  return readPlaceContext(db, {
    placeId: options.placeId,
    companyIds: options.companyIds,
    day: { instant: startsAt },
    busyRange: {
      startsAt,
      endsAt: new Date(Math.max(options.endsAt?.getTime() ?? 0, at(longestSlot).getTime())),
    },
    booker: {
      associateId: options.associateId,
      titleWindow: { startsAt: at(-titleBookingsMargin), endsAt: at(titleBookingsMargin) },
      now: options.now,
    },
  });
}

/**
 * Booking rule 1 (docs/domain.md, Booking rules): the place and the associate exist in one of the
 * caller's clubs, and the card number is the associate's (a card of somebody else answers
 * AssociateNotFound). Read with what the other rules need (readBookingContext).
 */
export async function loadBookingContext(
  db: Database,
  options: { request: BookingRequest; companyIds: ReadonlySet<string>; now: Date },
) {
  const { request, companyIds, now } = options;
  const { associate, ...placeOfStaff } = await readBookingContext(db, {
    placeId: request.placeId,
    associateId: request.associateId,
    startsAt: new Date(request.startsAt),
    endsAt: new Date(request.endsAt),
    companyIds,
    now,
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
  // The context was read before the lock: the caller reads it again now (loadBookingContext),
  // so a place archived meanwhile (its archive holds the same lock) answers PlaceNotFound and the
  // count rules see every booking committed before.
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

export type EvaluateBookingRulesOptions = {
  /** Read for this request at `now` (loadBookingContext), under the locks when booking. */
  context: BookingContext;
  request: BookingRequest;
  now: Date;
};

/**
 * Booking rules 2–9 (docs/domain.md, Booking rules), in order, ALL evaluated: the "why not?"
 * check lists every failure, the booking answers the first. Reads nothing: the context holds what
 * the rules look at.
 */
export function evaluateBookingRules(options: EvaluateBookingRulesOptions) {
  const { context, request, now } = options;
  const { place, timezone, associate, title } = context;
  const startsAt = new Date(request.startsAt);
  const endsAt = new Date(request.endsAt);
  const date = clubDateOf(startsAt, timezone);
  const failures: BookingFailure[] = [];

  const slot = generateSlotTimes(date, timezone, slotGridOf(place, context.operatingHour)).find(
    (candidate) => candidate.startsAt.getTime() === startsAt.getTime(),
  );
  const busyRange = slot ?? { startsAt, endsAt: endsAt > startsAt ? endsAt : startsAt };
  const state = countTitleBookings(context, startsAt, date);
  const { rules } = context;
  const blocked = rules.busy.blocked.filter((interval) => overlaps(interval, busyRange));
  const booked = rules.busy.booked.filter((interval) => overlaps(interval, busyRange));

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

  return { failures, quota: { used: state.month, limit } };
}

/**
 * The title's occupying bookings the count rules count: of the place's category that club day, of
 * the category at the same time the day before, and of this place this month.
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
  const counts = { sameDay: 0, previousDayTime: 0, month: 0 };
  for (const booking of context.rules.titleBookings) {
    const ofCategory = booking.categoryId === place.categoryId;
    if (ofCategory && booking.startsAt >= day.startsAt && booking.startsAt < day.endsAt)
      counts.sameDay += 1;
    if (ofCategory && booking.startsAt.getTime() === previousDayStart) counts.previousDayTime += 1;
    if (
      booking.placeId === place.id &&
      booking.startsAt >= monthStart &&
      booking.startsAt < monthEnd
    )
      counts.month += 1;
  }
  return counts;
}
