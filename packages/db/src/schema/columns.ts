import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column helpers shared by the schema's files, so every table spells ids and timestamps alike.
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Raw bytes. node-postgres answers a Buffer and PGlite a Uint8Array: the code sees a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
