import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments, bookingParties } from './bookings';
import { createdAt, id, instant, timeRange } from './columns';
import { users } from './people';

/** Where a member stands in a slot's line (docs/domain.md, "Waitlists"). */
export const waitlistStatuses = [
  'WAITING',
  'OFFERED',
  'BOOKED',
  'LEFT',
  'REFUSED',
  'EXPIRED',
  'SKIPPED',
  'ENDED',
] as const;

/**
 * A member in line for a taken slot of a place. The line is in `createdAt` order; one entry at a
 * time is OFFERED (a unique index), and the offer holds the slot until `offerExpiresAt` (a
 * trigger refuses anybody else's booking over it, migration 0030).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    ...bookingParties('cascade'),
    ...timeRange(),
    status: text('status', { enum: waitlistStatuses }).notNull().default('WAITING'),
    createdAt: createdAt(),
    /** Staff member who put the member in line (null when the member joined in the portal). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    /** When the entry left the line (booked, left, refused, expired, skipped, ended). */
    endedAt: instant('ended_at'),
    /** The booking an accepted offer made. */
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('waitlist_entries_one_per_member')
      .on(table.placeId, table.startsAt, table.associateId)
      .where(sql`${table.status} in ('WAITING','OFFERED')`),
    uniqueIndex('waitlist_entries_one_offer')
      .on(table.placeId, table.startsAt)
      .where(sql`${table.status} = 'OFFERED'`),
    index('waitlist_entries_line_idx')
      .on(table.placeId, table.startsAt, table.createdAt)
      .where(sql`${table.status} in ('WAITING','OFFERED')`),
    index('waitlist_entries_title_idx')
      .on(table.associateTitleId, table.startsAt)
      .where(sql`${table.status} in ('WAITING','OFFERED')`),
    index('waitlist_entries_company_idx').on(table.companyId),
    check('waitlist_entries_order', sql`${table.startsAt} < ${table.endsAt}`),
    check(
      'waitlist_entries_status',
      sql`${table.status} in ('WAITING','OFFERED','BOOKED','LEFT','REFUSED','EXPIRED','SKIPPED','ENDED')`,
    ),
    check(
      'waitlist_entries_offer_consistent',
      sql`${table.status} <> 'OFFERED' or (${table.offeredAt} is not null and ${table.offerExpiresAt} is not null)`,
    ),
  ],
);
