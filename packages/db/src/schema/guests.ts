import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './bookings';
import { id, createdAt, instant } from './columns';
import { users } from './people';
import { companies } from './places';

/**
 * A person who is not a member, listed on a booking of a place that accepts guests
 * (docs/domain.md, "Guest lists"). The row lives as long as its booking: deleting the booking
 * (or its club) deletes it. The CPF is kept as 11 digits and only shown masked at the gate.
 */
export const bookingGuests = pgTable(
  'booking_guests',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cpf: text('cpf'),
    /** Front desk: when and by whom the guest was let in at the gate. */
    checkedInAt: instant('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('booking_guests_appointment_idx').on(table.appointmentId),
    index('booking_guests_company_idx').on(table.companyId),
    check('booking_guests_name_length', sql`char_length(trim(${table.name})) between 1 and 120`),
    check('booking_guests_cpf_digits', sql`${table.cpf} is null or ${table.cpf} ~ '^[0-9]{11}$'`),
  ],
);
