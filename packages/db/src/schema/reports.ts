import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { refersTo } from './columns';
import { companies, places } from './places';

/** The hours of a day as report_place_days names its columns: `00` … `23`. */
export const reportHours = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/** `<prefix>_00` … `<prefix>_23`, one integer column per hour of the day. */
const hourColumns = (prefix: string) =>
  Object.fromEntries(
    reportHours.map((hour) => {
      const name = `${prefix}_${hour}`;
      return [name, integer(name).notNull()];
    }),
  );

const placeDay = () => ({
  placeId: refersTo('place_id', () => places.id, 'cascade'),
  /** A day of the club's calendar. */
  day: date('day', { mode: 'string' }).notNull(),
});

/**
 * How often the club's settings that shape every place's day have changed: the time zone, the
 * week's hours, the places' own weeks, hours, slot lengths, cancellation deadlines and categories,
 * the special days and the linked places. Raised by triggers (migration 0035) in the writing
 * transaction; a missing row is epoch 0.
 */
export const reportClubEpochs = pgTable('report_club_epochs', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
});

/**
 * How often the bookings and blocked times that count for a place's day have changed: raised by
 * the database itself (triggers on `appointments` and `blocked_times`, migration 0035) in the
 * writing transaction, for the place and its linked places, on every day the row touches. Only
 * writers change it; a missing row is version 0.
 */
export const reportPlaceVersions = pgTable(
  'report_place_versions',
  {
    ...placeDay(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.placeId, table.day] })],
);

/**
 * The Relatórios' figures of one place on one club day (docs/decisions/039-report-kept-figures.md),
 * written by the reports as they compute them. A row counts only while, in the reader's snapshot,
 * `version` is the place day's version, `epoch` the club's settings epoch and `formula` the
 * code's; otherwise it is computed again.
 */
export const reportPlaceDays = pgTable(
  'report_place_days',
  {
    ...placeDay(),
    version: bigint('version', { mode: 'number' }).notNull(),
    /** The club's settings epoch (report_club_epochs) the figures were computed at. */
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
    /** What the code that computed them meant by them (a tag raised when that changes). */
    formula: text('formula').notNull(),
    // Bookable and booked slot minutes per hour of the day (bookable_00 … booked_23): columns,
    // not arrays, since the reports sum thousands of rows per hour.
    ...hourColumns('bookable'),
    ...hourColumns('booked'),
    bookableMinutes: integer('bookable_minutes').notNull(),
    bookedMinutes: integer('booked_minutes').notNull(),
    /** The bookings that start that day, by what became of them. */
    bookings: integer('bookings').notNull(),
    cancellations: integer('cancellations').notNull(),
    lateCancellations: integer('late_cancellations').notNull(),
    checkIns: integer('check_ins').notNull(),
    noShows: integer('no_shows').notNull(),
    portalBookings: integer('portal_bookings').notNull(),
    staffBookings: integer('staff_bookings').notNull(),
    exceptions: integer('exceptions').notNull(),
  },
  (table) => [primaryKey({ columns: [table.placeId, table.day] })],
);
