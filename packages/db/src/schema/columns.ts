import { customType, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column helpers shared by the schema's files, so every table spells ids and timestamps alike.
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a row does when the row it names is deleted. */
export type OnDelete = 'cascade' | 'restrict' | 'set null';

/** A required reference (uuid, not null) to `target`'s row. */
export const refersTo = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  uuid(name).notNull().references(target, { onDelete });

/** A time range of a booking, a line or a suspension: [starts_at, ends_at). */
export const timeRange = () => ({
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at').notNull(),
});

/** Raw bytes. node-postgres answers a Buffer and PGlite a Uint8Array: the code sees a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
