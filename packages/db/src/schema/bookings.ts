import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, instant, refersTo, timeRange, type OnDelete } from './columns';
import { associateTitles, associates } from './members';
import { users } from './people';
import { companies, places } from './places';

/**
 * Whose a booking is, and where: the club, the place, the member it is for (a series': the
 * activity's responsible member) and their title when booked (quotas count per title). A place,
 * member or title with bookings is kept (`restrict`); a line's entries go with them (`cascade`).
 */
export const bookingParties = (onDelete: OnDelete) => ({
  companyId: refersTo('company_id', () => companies.id, 'cascade'),
  placeId: refersTo('place_id', () => places.id, onDelete),
  associateId: refersTo('associate_id', () => associates.id, onDelete),
  associateTitleId: refersTo('associate_title_id', () => associateTitles.id, onDelete),
});

/**
 * Weekly fixed bookings (docs/domain.md, "Series"): a place's slot on some weekdays from a date to
 * a date, for a member (counts toward the title's quota) or for a named activity with its
 * responsible member (counts toward none). `rrule` is its RFC 5545 rule; each date booked is an
 * appointment naming the series.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: id(),
    ...bookingParties('restrict'),
    /** "Escolinha de tênis": an activity's series; null for a member's. */
    activityName: text('activity_name'),
    /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
    weekdays: integer('weekdays').array().notNull(),
    /** Club-local "HH:mm". */
    startTime: text('start_time').notNull(),
    lengthMinutes: integer('length_minutes').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    rrule: text('rrule').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    cancelledAt: instant('cancelled_at'),
  },
  (table) => [
    index('booking_series_company_idx').on(table.companyId, table.startsOn),
    index('booking_series_associate_idx').on(table.associateId),
    check('booking_series_order', sql`${table.startsOn} <= ${table.endsOn}`),
    check(
      'booking_series_activity_name_length',
      sql`${table.activityName} is null or char_length(${table.activityName}) between 1 and 120`,
    ),
    check('booking_series_start_time', sql`${table.startTime} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    ...bookingParties('restrict'),
    ...timeRange(),
    status: text('status', { enum: ['SCHEDULED', 'CANCELLED', 'CHECKED_IN', 'NO_SHOW'] })
      .notNull()
      .default('SCHEDULED'),
    /** Staff user who booked it (null when booked by a member on the portal). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Member who booked it on the portal (null when booked by staff). */
    createdByAssociateId: uuid('created_by_associate_id').references(() => associates.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledByAssociateId: uuid('cancelled_by_associate_id').references(() => associates.id, {
      onDelete: 'set null',
    }),
    /** Why it was cancelled when the club says so (a block's reason); null otherwise. */
    cancellationReason: text('cancellation_reason'),
    /** Front desk: when and by whom the member was let in (CHECKED_IN). */
    checkedInAt: instant('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** Front desk: when and by whom the booking was marked as not attended (NO_SHOW). */
    noShowAt: instant('no_show_at'),
    noShowBy: uuid('no_show_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Booked by staff as an exception (despite a rule the club may waive): the reason they wrote.
     * Null for a booking made within the rules.
     */
    exceptionReason: text('exception_reason'),
    /**
     * The SEQUENCE of the booking's calendar event (its `.ics`, one UID per booking): raised by
     * each move, so the member's calendar moves the event instead of keeping the old time.
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** The series that booked it (docs/domain.md, "Series"); null for a single booking. */
    seriesId: uuid('series_id').references(() => bookingSeries.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('appointments_place_start_idx').on(table.placeId, table.startsAt),
    index('appointments_title_start_idx').on(table.associateTitleId, table.startsAt),
    index('appointments_associate_start_idx').on(table.associateId, table.startsAt),
    index('appointments_company_start_idx').on(table.companyId, table.startsAt),
    index('appointments_series_idx').on(table.seriesId, table.startsAt),
    check('appointments_order', sql`${table.startsAt} < ${table.endsAt}`),
    check(
      'appointments_status',
      sql`${table.status} in ('SCHEDULED','CANCELLED','CHECKED_IN','NO_SHOW')`,
    ),
    check(
      'appointments_cancelled_consistent',
      sql`(${table.status} = 'CANCELLED') = (${table.cancelledAt} is not null)`,
    ),
    check(
      'appointments_checked_in_consistent',
      sql`(${table.status} = 'CHECKED_IN') = (${table.checkedInAt} is not null)`,
    ),
    check(
      'appointments_exception_reason_length',
      sql`${table.exceptionReason} is null or char_length(${table.exceptionReason}) between 1 and 500`,
    ),
    check(
      'appointments_no_show_consistent',
      sql`(${table.status} = 'NO_SHOW') = (${table.noShowAt} is not null)`,
    ),
  ],
);

/**
 * A timed block of a title: while now is in [startsAt, endsAt) and it is not lifted, the title
 * cannot book (TitleSuspended). Created by the club's no-show policy.
 */
export const titleSuspensions = pgTable(
  'title_suspensions',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    associateTitleId: refersTo('associate_title_id', () => associateTitles.id, 'cascade'),
    ...timeRange(),
    reason: text('reason').notNull(),
    cause: text('cause', { enum: ['no-shows'] }).notNull(),
    createdAt: createdAt(),
    liftedAt: instant('lifted_at'),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('title_suspensions_title_ends_idx').on(table.associateTitleId, table.endsAt),
    index('title_suspensions_company_idx').on(table.companyId),
    check('title_suspensions_order', sql`${table.startsAt} < ${table.endsAt}`),
    check('title_suspensions_cause', sql`${table.cause} in ('no-shows')`),
  ],
);
