/**
 * A club's day, every active place with its blocks and bookings, in one statement: the day
 * sheet's (with who booked and their attendance) and the occupancy's (times only).
 */
import { preparedStatement, type Database } from '@clube/db';
import type { DaySheetAppointment } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error';
import { clubDayRange, type ClubDay } from '../day-grid';
import { overlaps, type Interval } from '../slots';
import { busyIntervalsSql, weekdayOf, type Busy, type BusyInterval } from './busy-intervals';
import { placeHoursSql, type PlaceHours } from './place-hours';

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
} & PlaceHours;

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
  /**
   * The club's hours that day ("HH:mm:ss"): a club-wide special day's, else the weekday's; null
   * when the club is closed. Each place has its own (PlaceHours, ./place-hours).
   */
  operatingHour: { openTime: string; closeTime: string } | null;
  /** The club-wide special day of the date, if any. */
  specialDay: { id: string; name: string; closed: boolean } | null;
  places: Array<PlaceOfClubDay & { busy: Busy<Blocked, Booked> }>;
  /** The day sheet's only: members in line per slot, keyed `placeId|startsAt` (ISO instant). */
  waitlists?: Map<string, number>;
};

/** The key of a slot in `ClubDayOf.waitlists`. */
export const waitlistKeyOf = (placeId: string, startsAt: Date) =>
  `${placeId}|${startsAt.toISOString()}`;

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
  series: [id: string, activityName: string | null] | null,
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
      series: row[10] ? { id: row[10][0], activityName: row[10][1] } : null,
    },
  };
}

type ClubDayParams = { companyId: string; day: string; categoryId: string | null };
type ClubDayRow = {
  date: string;
  timezone: string;
  operatingHour: { openTime: string; closeTime: string } | null;
  specialDay: ClubDayOf<Interval, Interval>['specialDay'];
  places: PlaceOfClubDay[] | null;
  busy: Array<
    [booked: boolean, placeId: string, startsAt: string, endsAt: string, label?: unknown]
  > | null;
  waitlists?: Array<[placeId: string, startsAt: string, count: number]> | null;
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
  const { date, timezone, operatingHour, specialDay } = row.day;
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
  const waitlists = row.day.waitlists
    ? new Map(
        row.day.waitlists.map(([placeId, startsAt, count]) => [
          waitlistKeyOf(placeId, new Date(startsAt)),
          count,
        ]),
      )
    : undefined;
  return {
    date,
    timezone,
    operatingHour,
    specialDay,
    ...(waitlists ? { waitlists } : {}),
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
      'operatingHour', case
        when club_day.id is not null then case when club_day.open_time is null then null
          else json_build_object('openTime', club_day.open_time, 'closeTime', club_day.close_time) end
        else (
          select json_build_object('openTime', open_time, 'closeTime', close_time)
          from operating_hours
          where operating_hours.company_id = club.id
            and operating_hours.day_of_week = ${weekdayOf(sql`club.date`)}) end,
      'specialDay', case when club_day.id is null then null else json_build_object(
        'id', club_day.id, 'name', club_day.name, 'closed', club_day.open_time is null) end,
      'places', (
        select json_agg(json_build_object(
          'id', places.id,
          'name', places.name,
          'categoryId', categories.id,
          'categoryName', categories.name,
          'startsAt', places.starts_at,
          'endsAt', places.ends_at,
          'bookRange', places.book_range,
          'availableBookingDays', places.available_booking_days,
          'operatingHour', place_hours.hours -> 'operatingHour',
          'specialDay', place_hours.hours -> 'specialDay') order by ${order})
        from places
        join categories on categories.id = places.category_id
        cross join lateral (select ${placeHoursSql(sql`places`, sql`club.date`)} as hours) place_hours
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
        })}) b)${
          variant.sheet
            ? sql`,
      'waitlists', (
        select coalesce(json_agg(json_build_array(w.place_id, w.starts_at, w.count)), '[]'::json)
        from (select place_id, starts_at, count(*)::int as count from waitlist_entries
          where company_id = club.id and status in ('WAITING','OFFERED') and starts_at > now()
            and starts_at >= club.day_from and starts_at < club.day_to
          group by place_id, starts_at) w)`
            : sql``
        }
    ) as day
    from club
    left join special_days club_day on club_day.company_id = club.id and club_day.date = club.date
      and club_day.category_id is null and club_day.place_id is null`;
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
