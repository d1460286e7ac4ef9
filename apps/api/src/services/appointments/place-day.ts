/**
 * The one reader of a place's day: the place with its club's timezone, category and operating
 * hour that day, its blocked times and bookings over a range (with their labels for staff: the
 * block's reason, the booking member's name), and, for a booking, whom it is for with what the
 * rules read; or a whole club's day, every active place with its blocks and bookings (the day
 * sheet, with who booked and their attendance; the occupancy, times only); or the places a
 * booking hit by a block may move to, with their hours and their blocks and bookings over a range;
 * or the bookings a block would hit, with their members. One statement per way it is asked.
 * `slotStatesOf` (./slots) turns what it reads into slot states.
 */
import { appointments, blockedTimes, preparedStatement, queryRows, type Database } from '@clube/db';
import {
  addDaysToDate,
  dayOfWeekOf,
  daysOfWeek,
  occupyingStatuses,
  type DaySheetAppointment,
} from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { overlapsBounds } from '../../lib/overlaps-period';
import { clubDayRange, slotGridOf, type ClubDay } from './day-grid';
import { generateSlotTimes, overlaps, type Interval, type SlotTime } from './slots';

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
  /** The weekday's operating hour ("HH:mm:ss"); null when the club is closed that day. */
  operatingHour: { openTime: string; closeTime: string } | null;
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
type Variant = { byDate: boolean; forBooker: boolean; labels?: boolean };
const placeContextStatementOf = (variant: Variant) =>
  preparedStatement<PlaceContextParams, { context: PlaceContextRow }>(
    `place_context_${variant.byDate ? 'date' : 'instant'}_${variant.forBooker ? 'booker' : 'place'}${variant.labels ? '_labels' : ''}`,
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
/** Staff's view of a court's day: by date, for nobody, with the blocks' and bookings' labels. */
const labelledDayStatement = placeContextStatementOf({
  byDate: true,
  forBooker: false,
  labels: true,
});

function placeContextSql(variant: Variant): SQL {
  const value = (name: keyof PlaceContextParams) => sql`${sql.placeholder(name)}`;
  const instant = (name: keyof PlaceContextParams) => sql`${value(name)}::timestamptz`;
  // A court's day read for nobody in particular plans and runs none of the title's parts.
  const titleBookingsSql = variant.forBooker
    ? sql`(
        select json_agg(json_build_array(a.place_id, p.category_id, a.starts_at, p.name)
          order by a.starts_at)
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
  const weekday = variant.byDate
    ? value('day')
    : weekdayOf(sql`(${value('day')}::timestamptz at time zone companies.timezone)::date`);
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
          select json_agg(json_build_array(b.booked, b.place_id, b.starts_at, b.ends_at${variant.labels ? sql`, b.label` : sql``}))
          from (${busyIntervalsSql({ of: { placeIds: sql`array[${value('placeId')}::uuid]` }, from: value('busyFrom'), to: value('busyTo'), ...(variant.labels ? { labels: 'names' as const } : {}) })}) b)
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

/** A place's club-local date as `readPlaceDay` reads it. */
export type PlaceDay = PlaceOfDay & { date: string; busy: Busy };

/**
 * A place's club-local date: the place, its hours that day, and the blocked times and bookings
 * overlapping the club's day (with their labels for staff). The club's timezone comes with the
 * place, so the busy intervals are read over the UTC days around the date (wider than any club's
 * day) and kept when they overlap the club's day.
 */
export async function readPlaceDay(
  db: Database,
  options: { placeId: string; companyIds: ReadonlySet<string>; date: string; labels?: boolean },
): Promise<PlaceDay> {
  const { date } = options;
  const { place, timezone, category, operatingHour, rules } = await readPlaceContext(db, {
    placeId: options.placeId,
    companyIds: options.companyIds,
    day: { date },
    busyRange: {
      startsAt: new Date(`${addDaysToDate(date, -1)}T00:00:00Z`),
      endsAt: new Date(`${addDaysToDate(date, 2)}T00:00:00Z`),
    },
    ...(options.labels ? { labels: true } : {}),
  });
  const day = clubDayRange(date, timezone);
  return {
    date,
    place,
    timezone,
    category,
    operatingHour,
    busy: {
      blocked: rules.busy.blocked.filter((interval) => overlaps(interval, day)),
      booked: rules.busy.booked.filter((interval) => overlaps(interval, day)),
    },
  };
}

/** The bookable slots of a place's day (the slot grid of its hours within the club's). */
export function slotsOfPlaceDay(day: PlaceDay): SlotTime[] {
  return generateSlotTimes(day.date, day.timezone, slotGridOf(day.place, day.operatingHour));
}

// ---------------------------------------------------------------------------------------------
// Blocked times and bookings

/** A blocked time or a booking; `label` (staff's view): the block's reason, the member's name. */
export type BusyInterval = Interval & { placeId: string; label?: string };

/** The blocked times and bookings overlapping a range, split. */
export type Busy<
  Blocked extends Interval = BusyInterval,
  Booked extends Interval = BusyInterval,
> = {
  blocked: Blocked[];
  booked: Booked[];
};

/** Busy rows (booked or blocked) as blocked times and bookings. */
function splitBusy(rows: Array<BusyInterval & { booked: boolean }>): Busy {
  const blocked: BusyInterval[] = [];
  const booked: BusyInterval[] = [];
  for (const { booked: isBooking, ...interval } of rows)
    (isBooking ? booked : blocked).push(interval);
  return { blocked, booked };
}

/** The statuses that hold a slot, as a list for SQL text (`status in (…)`). */
const occupyingStatusList = sql.raw(occupyingStatuses.map((status) => `'${status}'`).join(', '));

const weekdayNames = sql.raw(`array[${daysOfWeek.map((day) => `'${day}'`).join(',')}]`);

/** The weekday name (operating_hours.day_of_week) of a date (SQL). */
function weekdayOf(date: SQL): SQL {
  return sql`(${weekdayNames})[extract(dow from ${date})::int + 1]`;
}

/**
 * Blocked times and slot-holding (SCHEDULED, CHECKED_IN, NO_SHOW) appointments overlapping a
 * range, of some places or of a whole club, as SQL inside a larger query; columns booked,
 * place_id, starts_at, ends_at and, with labels, label. The places (a uuid[]), the club and the
 * range's bounds (timestamptz, `from` ≤ `to`) are SQL: values, columns or placeholders. Of places:
 * the filter their range (gist) indexes answer, then the exact overlap. Of a club: its blocks by
 * their club's range index; its bookings by the (club, start) index, starting from
 * `bookingsFrom` (no booking lasts longer than the longest slot before the range).
 */
function busyIntervalsSql(options: {
  of: { placeIds: SQL } | { companyId: SQL; bookingsFrom: SQL };
  from: SQL;
  to: SQL;
  /**
   * names: the block's reason, the booking member's name (text); sheet: the block's id and
   * reason, the booking as the day sheet shows it (json, BookingOfSheet).
   */
  labels?: 'names' | 'sheet' | 'impact';
  /** Only the bookings, not the blocked times. */
  bookingsOnly?: boolean;
}): SQL {
  const from = sql`${options.from}::timestamptz`;
  const to = sql`${options.to}::timestamptz`;
  const blockLabel = {
    names: sql`, description as label`,
    sheet: sql`, json_build_array(id, description) as label`,
    impact: sql``,
    none: sql``,
  }[options.labels ?? 'none'];
  // Members, titles and staff looked up by primary key for each booking: a join would have
  // PostgreSQL hash all of a large club's members (50 000 rows) to name a few thousand bookings.
  const bookingLabel = {
    names: sql`, (select name from associates where associates.id = appointments.associate_id)`,
    sheet: sql`, json_build_array(appointments.id, appointments.associate_id,
        (select json_build_array(name, card_id) from associates
          where associates.id = appointments.associate_id),
        (select name from associate_titles
          where associate_titles.id = appointments.associate_title_id),
        appointments.created_by_associate_id is not null,
        (select name from users where users.id = appointments.created_by),
        appointments.status, appointments.checked_in_at, appointments.no_show_at,
        appointments.exception_reason)`,
    impact: sql`, json_build_array(appointments.id, appointments.company_id, appointments.status,
        appointments.associate_id,
        (select json_build_array(name, card_id) from associates
          where associates.id = appointments.associate_id),
        (select json_build_array(name, category_id) from places
          where places.id = appointments.place_id)) as label`,
    none: sql``,
  }[options.labels ?? 'none'];
  const { of } = options;
  const blocksOf =
    'placeIds' in of
      ? sql`place_id = any(${of.placeIds}::uuid[])`
      : sql`company_id = ${of.companyId}`;
  const bookingsOf =
    'placeIds' in of
      ? sql`place_id = any(${of.placeIds}::uuid[])
      and ${overlapsBounds(appointments.startsAt, appointments.endsAt, from, to)}`
      : sql`company_id = ${of.companyId}
      and starts_at >= ${of.bookingsFrom}`;
  const blocks = sql`
    select false as booked, place_id, starts_at, ends_at${blockLabel}
    from blocked_times
    where ${blocksOf}
      and ${overlapsBounds(blockedTimes.startsAt, blockedTimes.endsAt, from, to)}
      and starts_at < ${to} and ends_at > ${from}
    union all`;
  return sql`${options.bookingsOnly ? sql`` : blocks}
    select true as booked, place_id, starts_at, ends_at${bookingLabel}
    from appointments
    where ${bookingsOf}
      and status in (${occupyingStatusList})
      and starts_at < ${to} and ends_at > ${from}`;
}

// ---------------------------------------------------------------------------------------------
// A club's day: every active place

/** An active place of a club as its day is read. */
export type PlaceOfClubDay = {
  id: string;
  name: string;
  categoryId: string;
  categoryName: string;
  startsAt: string;
  endsAt: string;
  bookRange: number;
  availableBookingDays: number;
};

/** A blocked time as the day sheet shows it. */
export type BlockOfSheet = Interval & { placeId: string; id: string; reason: string };
/** A booking as the day sheet shows it. */
export type BookingOfSheet = Interval & { placeId: string; appointment: DaySheetAppointment };

/** What readClubDay reads: a club's day, for the day sheet or for counting. */
export type ClubDayOptions = {
  companyId: string;
  day: ClubDay;
  /** Only the places of this category. */
  categoryId?: string;
};

/** A club's day: its hours that day and each active place with its blocks and bookings. */
export type ClubDayOf<Blocked extends Interval, Booked extends Interval> = {
  date: string;
  timezone: string;
  /** The weekday's operating hour ("HH:mm:ss"); null when the club is closed that day. */
  operatingHour: { openTime: string; closeTime: string } | null;
  places: Array<PlaceOfClubDay & { busy: Busy<Blocked, Booked> }>;
};

/**
 * The day sheet's view of a club's day, in one statement: every active place (of the category,
 * when given) by category name then place name, with the blocks (id, reason) and bookings (the
 * member, the title, who booked, the attendance) overlapping the club's day. CompanyNotFound for a
 * club that does not exist.
 */
export async function readClubDaySheet(
  db: Database,
  options: ClubDayOptions & { day: { date: string } },
): Promise<ClubDayOf<BlockOfSheet, BookingOfSheet>> {
  return readClubDay(db, options, clubDayStatements.sheet, {
    blocked: (interval, label) => {
      const [id, reason] = label as [id: string, reason: string];
      return { ...interval, id, reason };
    },
    booked: (interval, label) => bookingOfSheet(interval, label as SheetBookingRow),
  });
}

/**
 * The occupancy's view of a club's day, in one statement: every active place by name, with the
 * times of the blocks and bookings overlapping the club's day (a date, or the day an instant
 * falls on in the club's timezone). CompanyNotFound for a club that does not exist.
 */
export async function readClubDayTimes(
  db: Database,
  options: ClubDayOptions,
): Promise<ClubDayOf<BusyInterval, BusyInterval>> {
  const statement =
    'date' in options.day ? clubDayStatements.timesByDate : clubDayStatements.timesByInstant;
  const asIs = (interval: BusyInterval) => interval;
  return readClubDay(db, options, statement, { blocked: asIs, booked: asIs });
}

/** A day sheet booking as the statement writes it (BookingOfSheet). */
type SheetBookingRow = [
  id: string,
  associateId: string,
  member: [name: string, cardId: string] | null,
  titleName: string | null,
  bookedByMember: boolean,
  bookedByName: string | null,
  status: DaySheetAppointment['status'],
  checkedInAt: string | null,
  noShowAt: string | null,
  exceptionReason: string | null,
];

function bookingOfSheet(interval: BusyInterval, row: SheetBookingRow): BookingOfSheet {
  const [id, associateId, member, titleName, bookedByMember, bookedByName, status] = row;
  const instant = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    ...interval,
    appointment: {
      id,
      associateId,
      associateName: member?.[0] ?? '',
      cardId: member?.[1] ?? '',
      titleName: titleName ?? '',
      bookedVia: bookedByMember ? 'portal' : 'staff',
      bookedByName,
      startsAt: interval.startsAt.toISOString(),
      endsAt: interval.endsAt.toISOString(),
      status,
      checkedInAt: instant(row[7]),
      noShowAt: instant(row[8]),
      exceptionReason: row[9],
    },
  };
}

type ClubDayParams = { companyId: string; day: string; categoryId: string | null };
type ClubDayRow = {
  date: string;
  timezone: string;
  operatingHour: { openTime: string; closeTime: string } | null;
  places: PlaceOfClubDay[] | null;
  busy: Array<
    [booked: boolean, placeId: string, startsAt: string, endsAt: string, label?: unknown]
  > | null;
};

async function readClubDay<Blocked extends Interval, Booked extends Interval>(
  db: Database,
  options: ClubDayOptions,
  statement: (typeof clubDayStatements)[keyof typeof clubDayStatements],
  /** Each blocked time and booking from its row's interval and label. */
  as: {
    blocked: (interval: BusyInterval, label: unknown) => Blocked;
    booked: (interval: BusyInterval, label: unknown) => Booked;
  },
): Promise<ClubDayOf<Blocked, Booked>> {
  const { day } = options;
  const [row] = await statement(db, {
    companyId: options.companyId,
    day: 'date' in day ? day.date : day.instant.toISOString(),
    categoryId: options.categoryId ?? null,
  });
  if (!row) throw new AppError('CompanyNotFound');
  const { date, timezone, operatingHour } = row.day;
  // Read a little wider than the club's day (its bounds as SQL works them out); kept exactly here.
  const range = clubDayRange(date, timezone);
  const busyOf = new Map<string, Busy<Blocked, Booked>>();
  for (const [booked, placeId, starts, ends, label] of row.day.busy ?? []) {
    const interval = { placeId, startsAt: new Date(starts), endsAt: new Date(ends) };
    if (!overlaps(interval, range)) continue;
    let busy = busyOf.get(placeId);
    if (!busy) {
      busy = { blocked: [], booked: [] };
      busyOf.set(placeId, busy);
    }
    if (booked) busy.booked.push(as.booked(interval, label));
    else busy.blocked.push(as.blocked(interval, label));
  }
  return {
    date,
    timezone,
    operatingHour,
    places: (row.day.places ?? []).map((place) => ({
      ...place,
      busy: busyOf.get(place.id) ?? { blocked: [], booked: [] },
    })),
  };
}

/**
 * readClubDay's query. The club's day is bounded in SQL (its midnights in the club's timezone,
 * three hours wider on each side than any daylight-saving shift, so PostgreSQL's reading of a
 * skipped midnight cannot cut a booking off) and kept exactly by readClubDay.
 */
function clubDaySql(variant: { byDate: boolean; sheet: boolean }): SQL {
  const value = (name: keyof ClubDayParams) => sql`${sql.placeholder(name)}`;
  const date = variant.byDate
    ? sql`${value('day')}::date`
    : sql`(${value('day')}::timestamptz at time zone companies.timezone)::date`;
  const category = sql`${value('categoryId')}::uuid`;
  const order = variant.sheet ? sql`categories.name, places.name` : sql`places.name`;
  return sql`
    with club as (
      select companies.id, companies.timezone, day.date,
        (day.date::timestamp at time zone companies.timezone) - interval '3 hours' as day_from,
        ((day.date + 1)::timestamp at time zone companies.timezone) + interval '3 hours' as day_to
      from companies, lateral (select ${date} as date) day
      where companies.id = ${value('companyId')}::uuid)
    select json_build_object(
      'date', club.date,
      'timezone', club.timezone,
      'operatingHour', (
        select json_build_object('openTime', open_time, 'closeTime', close_time)
        from operating_hours
        where operating_hours.company_id = club.id
          and operating_hours.day_of_week = ${weekdayOf(sql`club.date`)}),
      'places', (
        select json_agg(json_build_object(
          'id', places.id,
          'name', places.name,
          'categoryId', categories.id,
          'categoryName', categories.name,
          'startsAt', places.starts_at,
          'endsAt', places.ends_at,
          'bookRange', places.book_range,
          'availableBookingDays', places.available_booking_days) order by ${order})
        from places
        join categories on categories.id = places.category_id
        where places.company_id = club.id
          and places.archived_at is null
          and (${category} is null or places.category_id = ${category})),
      'busy', (
        select json_agg(json_build_array(b.booked, b.place_id, b.starts_at, b.ends_at${variant.sheet ? sql`, b.label` : sql``}))
        from (${busyIntervalsSql({
          of: {
            companyId: sql`club.id`,
            bookingsFrom: sql`club.day_from - (
              select coalesce(max(book_range), 0) from places where company_id = club.id
            ) * interval '1 minute'`,
          },
          from: sql`club.day_from`,
          to: sql`club.day_to`,
          ...(variant.sheet ? { labels: 'sheet' as const } : {}),
        })}) b)
    ) as day
    from club`;
}

const clubDayStatementOf = (variant: { byDate: boolean; sheet: boolean }) =>
  preparedStatement<ClubDayParams, { day: ClubDayRow }>(
    `club_day_${variant.sheet ? 'sheet' : 'times'}_${variant.byDate ? 'date' : 'instant'}`,
    () => clubDaySql(variant),
  );
const clubDayStatements = {
  sheet: clubDayStatementOf({ byDate: true, sheet: true }),
  timesByDate: clubDayStatementOf({ byDate: true, sheet: false }),
  timesByInstant: clubDayStatementOf({ byDate: false, sheet: false }),
};

// ---------------------------------------------------------------------------------------------
// Where a blocked booking may move

/** A place a booking may move to, as readMoveCandidates reads it. */
export type MoveCandidate = {
  id: string;
  name: string;
  categoryId: string;
  startsAt: string;
  endsAt: string;
  bookRange: number;
};

/**
 * The places bookings hit by a block may move to, in one statement: the active places of the club
 * in the bookings' categories that the block does not cover (by name), the club's operating hour
 * of every weekday ("HH:mm:ss"), and the blocks and bookings of those places over `range`.
 */
export async function readMoveCandidates(
  db: Database,
  options: {
    companyId: string;
    categoryIds: string[];
    blockedPlaceIds: string[];
    range: Interval;
  },
): Promise<{
  places: MoveCandidate[];
  hours: Map<string, { openTime: string; closeTime: string }>;
  busy: Busy;
}> {
  const { range } = options;
  const [row] = await queryRows<{
    places: MoveCandidate[] | null;
    hours: Array<[dayOfWeek: string, openTime: string, closeTime: string]> | null;
    busy: Array<[booked: boolean, placeId: string, startsAt: string, endsAt: string]> | null;
  }>(
    db,
    sql`with candidates as (
      select id, name, category_id, starts_at, ends_at, book_range
      from places
      where company_id = ${options.companyId}::uuid
        and category_id = any(${sql.param(options.categoryIds)}::uuid[])
        and archived_at is null
        and not (id = any(${sql.param(options.blockedPlaceIds)}::uuid[])))
    select
      (select json_agg(json_build_object(
          'id', id, 'name', name, 'categoryId', category_id, 'startsAt', starts_at,
          'endsAt', ends_at, 'bookRange', book_range) order by name, id)
        from candidates) as places,
      (select json_agg(json_build_array(day_of_week, open_time, close_time))
        from operating_hours where company_id = ${options.companyId}::uuid) as hours,
      (select json_agg(json_build_array(b.booked, b.place_id, b.starts_at, b.ends_at))
        from (${busyIntervalsSql({
          of: { placeIds: sql`(select array_agg(id) from candidates)` },
          from: sql`${range.startsAt.toISOString()}`,
          to: sql`${new Date(Math.max(range.startsAt.getTime(), range.endsAt.getTime())).toISOString()}`,
        })}) b) as busy`,
  );
  return {
    places: row?.places ?? [],
    hours: new Map(
      (row?.hours ?? []).map(([day, openTime, closeTime]) => [day, { openTime, closeTime }]),
    ),
    busy: splitBusy(
      (row?.busy ?? []).map(([booked, placeId, starts, ends]) => ({
        booked,
        placeId,
        startsAt: new Date(starts),
        endsAt: new Date(ends),
      })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// The bookings a block would hit

/** A booking holding a slot of a place, with its member and place (what a block would hit). */
export type BookingOfPlaces = Interval & {
  id: string;
  companyId: string;
  placeId: string;
  placeName: string;
  categoryId: string;
  status: (typeof occupyingStatuses)[number];
  associateId: string;
  associateName: string;
  cardId: string;
};

type ImpactRow = [
  id: string,
  companyId: string,
  status: BookingOfPlaces['status'],
  associateId: string,
  member: [name: string, cardId: string] | null,
  place: [name: string, categoryId: string],
];

/**
 * The bookings holding a slot (SCHEDULED, CHECKED_IN, NO_SHOW) of the places that overlap any of
 * the ranges, each once, by start, place name and id, in one statement: the places' blocks and
 * bookings reader (busyIntervalsSql) over the ranges' whole span, kept where a range overlaps.
 */
export async function readBookingsOverlapping(
  db: Database,
  options: { placeIds: string[]; ranges: Interval[] },
): Promise<BookingOfPlaces[]> {
  const { placeIds, ranges } = options;
  if (placeIds.length === 0 || ranges.length === 0) return [];
  const from = new Date(Math.min(...ranges.map((range) => range.startsAt.getTime())));
  const to = new Date(Math.max(...ranges.map((range) => range.endsAt.getTime())));
  const iso = (instants: Date[]) => instants.map((instant) => instant.toISOString());
  const rows = await queryRows<{
    starts_at: string;
    ends_at: string;
    place_id: string;
    label: ImpactRow;
  }>(
    db,
    sql`select b.place_id, b.starts_at, b.ends_at, b.label
      from (${busyIntervalsSql({
        of: { placeIds: sql`${sql.param(placeIds)}` },
        from: sql`${from.toISOString()}`,
        to: sql`${new Date(Math.max(from.getTime(), to.getTime())).toISOString()}`,
        labels: 'impact',
        bookingsOnly: true,
      })}) b
      where exists (
        select 1
        from unnest(${sql.param(iso(ranges.map((range) => range.startsAt)))}::timestamptz[],
          ${sql.param(iso(ranges.map((range) => range.endsAt)))}::timestamptz[]) as r(starts_at, ends_at)
        where b.starts_at < r.ends_at and b.ends_at > r.starts_at)
      order by b.starts_at, b.label->5->>0, b.label->>0`,
  );
  return rows.map(({ place_id: placeId, starts_at: starts, ends_at: ends, label }) => {
    const [id, companyId, status, associateId, member, [placeName, categoryId]] = label;
    return {
      id,
      companyId,
      placeId,
      placeName,
      categoryId,
      startsAt: new Date(starts),
      endsAt: new Date(ends),
      status,
      associateId,
      associateName: member?.[0] ?? '',
      cardId: member?.[1] ?? '',
    };
  });
}
