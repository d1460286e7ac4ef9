/**
 * The one reader of a place's day (readPlaceContext): the place with its club's timezone,
 * category and operating hour that day, its blocked times and bookings over a range (with their
 * labels for staff: the block's reason, the booking member's name), and, for a booking, whom it is
 * for with what the rules read. `slotStatesOf` (../slots) turns what it reads into slot states.
 */
import { preparedStatement, type Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error';
import type { ClubDay } from '../day-grid';
import type { Interval } from '../slots';
import { busyIntervalsSql, occupyingStatusList, splitBusy, type Busy } from './busy-intervals';
import { placeHoursSql, type PlaceHours } from './place-hours';

/** What a place's calendar and the booking rules read of the place (readPlaceContext). */
export type PlaceOfDay = {
  place: {
    id: string;
    companyId: string;
    categoryId: string;
    startsAt: string;
    endsAt: string;
    bookRange: number;
    associateReservationLimit: number;
    availableBookingDays: number;
    ageRestriction: number;
  };
  timezone: string;
  category: { blockedAppointmentDay: boolean; notAppointmentPreviousDayTime: boolean };
  /** The place's hours that day ("HH:mm:ss", ./place-hours); null when it is closed. */
  operatingHour: PlaceHours['operatingHour'];
  /** The special day that set those hours, if any (the portal says why a day has no slots). */
  specialDay: PlaceHours['specialDay'];
};

/** The title's bookings the count rules look at, read with the context. */
export type TitleBooking = {
  placeId: string;
  categoryId: string;
  startsAt: Date;
  /** The place's name, for a refusal that names the booking causing it. */
  placeName: string;
};

/**
 * What the rules read besides the place and the associate, read in the same query, a little wider
 * than the rules look (the club's timezone is only known with the place): the title's occupying
 * bookings of the place's category or of the place from a month before the slot to a month after,
 * the latest-ending suspension in force at `now` (not lifted), and the place's blocked times and
 * bookings overlapping the longest slot a place may have from the request's start.
 */
export type RuleRows = {
  titleBookings: TitleBooking[];
  /** Epoch milliseconds at which the title's suspension in force ends; null when none is. */
  suspendedUntil: number | null;
  busy: Busy;
};

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
  /** Staff's view: each blocked time with its reason and each booking with its member's name. */
  labels?: boolean;
};

/** The row readPlaceContext reads, as the database writes it in JSON. */
type PlaceContextRow = {
  place: PlaceOfDay['place'];
  timezone: string;
  category: PlaceOfDay['category'];
  operatingHour: PlaceOfDay['operatingHour'];
  specialDay: PlaceOfDay['specialDay'];
  associate: {
    id: string;
    cardId: string;
    birthDate: string;
    blocked: boolean;
    blockedReason: string | null;
  } | null;
  title: { id: string; blocked: boolean; blockedReason: string | null } | null;
  titleBookings: Array<
    [placeId: string, categoryId: string, startsAt: string, placeName: string]
  > | null;
  suspendedUntil: number | null;
  busy: Array<
    [booked: boolean, placeId: string, startsAt: string, endsAt: string, label?: string | null]
  > | null;
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
  const statement = options.labels
    ? labelledDayStatement
    : placeContextStatements['date' in day ? 'byDate' : 'byInstant'][
        booker ? 'forBooker' : 'forPlace'
      ];
  if (options.labels && (booker || !('date' in day)))
    throw new Error('labels are read for a club date, for nobody in particular');
  const params: PlaceContextParams = {
    placeId,
    companyIds: [...options.companyIds],
    day: 'date' in day ? day.date : day.instant.toISOString(),
    busyFrom: busyRange.startsAt.toISOString(),
    busyTo: busyRange.endsAt.toISOString(),
    ...(booker && {
      associateId: booker.associateId,
      titleFrom: booker.titleWindow.startsAt.toISOString(),
      titleTo: booker.titleWindow.endsAt.toISOString(),
      now: booker.now.toISOString(),
    }),
  };
  const [row] = await statement(db, params);
  if (!row) throw new AppError('PlaceNotFound');
  const { associate, title, titleBookings, suspendedUntil, busy, ...placeOfStaff } = row.context;
  const rules: RuleRows = {
    titleBookings: (titleBookings ?? []).map(([bookedPlaceId, categoryId, starts, placeName]) => ({
      placeId: bookedPlaceId,
      categoryId,
      startsAt: new Date(starts),
      placeName,
    })),
    suspendedUntil: suspendedUntil === null ? null : Number(suspendedUntil),
    busy: splitBusy(
      (busy ?? []).map(([booked, busyPlaceId, starts, ends, label]) => ({
        booked,
        placeId: busyPlaceId,
        startsAt: new Date(starts),
        endsAt: new Date(ends),
        ...(typeof label === 'string' ? { label } : {}),
      })),
    ),
  };
  return {
    ...placeOfStaff,
    rules,
    associate: associate && title ? { associate, title } : null,
    read: { params, fingerprint: row.fingerprint },
  };
}

/**
 * What a context was read with, and a digest of all it read: a write that reads the same context
 * again in its own statement (placeContextSql) and finds the same digest knows that nothing the
 * rules looked at has changed since (./write-booking).
 */
export type ContextRead = { params: PlaceContextParams; fingerprint: string };

export type PlaceContextParams = {
  placeId: string;
  companyIds: string[];
  /** The club day's date, or the instant whose club day it is (ISO). */
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
export type Variant = { byDate: boolean; forBooker: boolean; labels?: boolean };
const placeContextStatementOf = (variant: Variant) =>
  preparedStatement<PlaceContextParams, { context: PlaceContextRow; fingerprint: string }>(
    `place_context_${variant.byDate ? 'date' : 'instant'}_${variant.forBooker ? 'booker' : 'place'}${variant.labels ? '_labels' : ''}`,
    () =>
      sql`select context, md5(context::text) as fingerprint from (${placeContextSql(variant)}) read`,
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
/** Staff's view of a court's day: by date, for nobody, with the blocks' and bookings' labels. */
const labelledDayStatement = placeContextStatementOf({
  byDate: true,
  forBooker: false,
  labels: true,
});

/**
 * The context as one row of one column, `context` (json), for the statement that reads it and the
 * booking's write that reads it again (./write-booking). Its aggregates are ordered, so that the
 * same rows always read as the same text.
 */
export function placeContextSql(variant: Variant): SQL {
  const value = (name: keyof PlaceContextParams) => sql`${sql.placeholder(name)}`;
  const instant = (name: keyof PlaceContextParams) => sql`${value(name)}::timestamptz`;
  // A court's day read for nobody in particular plans and runs none of the title's parts.
  const titleBookingsSql = variant.forBooker
    ? sql`(
        select json_agg(json_build_array(a.place_id, p.category_id, a.starts_at, p.name)
          order by a.starts_at, a.id)
        from appointments a
        join places p on p.id = a.place_id
        where a.associate_title_id = associate_titles.id
          and (p.category_id = places.category_id or a.place_id = places.id)
          and a.status in (${occupyingStatusList})
          and not exists (select 1 from booking_series s
            where s.id = a.series_id and s.activity_name is not null)
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
  const date = variant.byDate
    ? sql`${value('day')}::date`
    : sql`(${value('day')}::timestamptz at time zone companies.timezone)::date`;
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
        'operatingHour', place_hours.hours -> 'operatingHour',
        'specialDay', place_hours.hours -> 'specialDay',
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
          select json_agg(json_build_array(b.booked, b.place_id, b.starts_at, b.ends_at${variant.labels ? sql`, b.label` : sql``})
            order by b.starts_at, b.ends_at, b.place_id, b.booked)
          from (${busyIntervalsSql({ of: { placeIds: sql`array[${value('placeId')}::uuid]` }, from: value('busyFrom'), to: value('busyTo'), ...(variant.labels ? { labels: 'names' as const } : {}) })}) b)
      ) as context
      from places
      join companies on companies.id = places.company_id
      join categories on categories.id = places.category_id
      cross join lateral (select ${placeHoursSql(sql`places`, date)} as hours) place_hours
      left join associates on associates.id = ${associateId}
        and associates.company_id = places.company_id
      left join associate_titles on associate_titles.id = associates.associate_title_id
      where places.id = ${value('placeId')}::uuid
        and places.company_id = any(${value('companyIds')}::uuid[])
        and places.archived_at is null
    `;
}
