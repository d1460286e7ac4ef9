import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, instant } from './columns';
import { associateTitles, associates } from './members';
import { users } from './people';
import { companies, places } from './places';

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'restrict' }),
    associateId: uuid('associate_id')
      .notNull()
      .references(() => associates.id, { onDelete: 'restrict' }),
    /** The associate's title when booked: quotas and waiting rules count per title. */
    associateTitleId: uuid('associate_title_id')
      .notNull()
      .references(() => associateTitles.id, { onDelete: 'restrict' }),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
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
  },
  (table) => [
    index('appointments_place_start_idx').on(table.placeId, table.startsAt),
    index('appointments_title_start_idx').on(table.associateTitleId, table.startsAt),
    index('appointments_associate_start_idx').on(table.associateId, table.startsAt),
    index('appointments_company_start_idx').on(table.companyId, table.startsAt),
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
    associateTitleId: uuid('associate_title_id')
      .notNull()
      .references(() => associateTitles.id, { onDelete: 'cascade' }),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
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
