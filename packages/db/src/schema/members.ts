import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns';
import { users } from './people';
import { companies } from './places';

/** The membership title a family shares; quotas count per title. */
export const associateTitles = pgTable(
  'associate_titles',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    blockedReason: text('blocked_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('associate_titles_company_name_unique').on(table.companyId, table.name)],
);

export const associates = pgTable(
  'associates',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * The club's own record of the person: another club's row for the same CPF shares nothing
     * with this one (each club controls its members' data).
     */
    cpf: varchar('cpf', { length: 11 }).notNull(),
    name: text('name').notNull(),
    /** The name without case and accents (search_normalize), kept by the database: search and order. */
    searchName: text('search_name').generatedAlwaysAs(sql`search_normalize(name)`),
    email: text('email'),
    /** Kept by staff for reaching the member; digits and the usual marks, 8 to 20 characters. */
    phone: text('phone'),
    /** argon2id of the members' portal password of this membership; null until staff set one. */
    passwordHash: text('password_hash'),
    /** The membership's portal sessions' version, as `users.sessionVersion` for staff. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Carteirinha number: letters and digits, letters in capitals, unique within the club. */
    cardId: varchar('card_id', { length: 20 }).notNull(),
    associateTitleId: uuid('associate_title_id')
      .notNull()
      .references(() => associateTitles.id, { onDelete: 'restrict' }),
    isHolder: boolean('is_holder').notNull().default(false),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    blocked: boolean('blocked').notNull().default(false),
    blockedReason: text('blocked_reason'),
    /** The member wants to hear about what they did themselves (their own bookings). */
    notifyOwnBookings: boolean('notify_own_bookings').notNull().default(true),
    /** The member wants the reminder before a booking by e-mail (the club's `reminderHours`). */
    notifyReminders: boolean('notify_reminders').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('associates_company_card_unique').on(table.companyId, table.cardId),
    check(
      'associates_phone_length',
      sql`${table.phone} is null or length(${table.phone}) between 8 and 20`,
    ),
    uniqueIndex('associates_company_cpf_unique').on(table.companyId, table.cpf),
    index('associates_title_idx').on(table.associateTitleId),
    index('associates_cpf_idx').on(table.cpf),
    // Letters and digits, letters in capitals (migration 0027).
    check('associates_card_letters_digits', sql`${table.cardId} ~ '^[A-Z0-9]+$'`),
    check('associates_cpf_valid', sql`is_valid_cpf(${table.cpf})`),
    check('associates_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

/**
 * One associates import (CSV) of a club: its journal. A real import validates and stages the
 * file's rows (`staging`), then writes them into `associates` in bounded batches (`applying`)
 * until none is left (`applied`). An import found `applying` after a crash is rolled forward at
 * start-up; one still `staging` wrote nothing and is `abandoned` (docs/decisions/007).
 */
export const associateImports = pgTable(
  'associate_imports',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('staging'),
    /** The counts of the check (total, created, updated…), recorded in the audit event. */
    report: jsonb('report'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('associate_imports_status_idx').on(table.status),
    index('associate_imports_company_idx').on(table.companyId),
    check(
      'associate_imports_status',
      sql`${table.status} in ('staging','applying','applied','abandoned')`,
    ),
  ],
);

/**
 * The checked rows of an import waiting to be written, by line of the file. A row leaves this
 * table in the transaction that writes it into `associates`; unchanged rows are never staged.
 * A null `email` or `blocked` keeps what the club already has.
 */
export const associateImportRows = pgTable(
  'associate_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => associateImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    /** The club had this member (CPF and card) when the line was checked: an update. */
    existing: boolean('existing').notNull(),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    name: text('name').notNull(),
    email: text('email'),
    cardId: varchar('card_id', { length: 20 }).notNull(),
    title: text('title').notNull(),
    isHolder: boolean('is_holder').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    blocked: boolean('blocked'),
  },
  (table) => [primaryKey({ columns: [table.importId, table.line] })],
);
