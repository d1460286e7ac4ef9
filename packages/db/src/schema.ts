import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Raw bytes. node-postgres answers a Buffer and PGlite a Uint8Array: the code sees a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Staff accounts of the back office: one per CPF, across clubs (`company_staff` says which).
 * Associates are not here: each club keeps its own record of its members (`associates`), so
 * nothing a club writes about a member can reach a staff login or another club.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /** argon2id; null until a password is set. */
    passwordHash: text('password_hash'),
    /**
     * Carried in every access token; incremented when the person's sessions end (sign-out,
     * password change or reset), which makes every access token issued before open nothing.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** A one-time password given by a club's administrator: it must be changed at sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** May create clubs from the app (docs/domain.md, Roles); set by the CLI or the demo seed. */
    isServerAdmin: boolean('is_server_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_cpf_unique').on(table.cpf),
    check('users_cpf_valid', sql`is_valid_cpf(${table.cpf})`),
    check('users_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    /** IANA timezone every calendar decision of the club is made in. */
    timezone: text('timezone').notNull().default('America/Sao_Paulo'),
    /** Minutes after the start before staff may mark a booking as a no-show. */
    noShowToleranceMinutes: integer('no_show_tolerance_minutes').notNull().default(15),
    /**
     * "N no-shows within D days suspend the title for S days": N (null or 0 = policy off), D, S.
     */
    noShowSuspensionCount: integer('no_show_suspension_count'),
    noShowWindowDays: integer('no_show_window_days').notNull().default(30),
    noShowSuspensionDays: integer('no_show_suspension_days').notNull().default(7),
    /** Hours before a booking its reminder is sent; null = no reminders (the default). */
    reminderHours: integer('reminder_hours'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('companies_name_not_blank', sql`length(trim(${table.name})) > 0`),
    check(
      'companies_no_show_policy',
      sql`${table.noShowToleranceMinutes} between 0 and 1440 and coalesce(${table.noShowSuspensionCount}, 0) >= 0 and ${table.noShowWindowDays} between 1 and 365 and ${table.noShowSuspensionDays} between 1 and 365`,
    ),
    check(
      'companies_reminder_hours',
      sql`${table.reminderHours} is null or ${table.reminderHours} between 1 and 168`,
    ),
  ],
);

/** Who may work in the back office of which club. */
export const companyStaff = pgTable(
  'company_staff',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What this person may do in this club (packages/shared permissions.ts). */
    role: text('role', { enum: ['administrador', 'recepcao', 'consulta'] })
      .notNull()
      .default('administrador'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    index('company_staff_user_idx').on(table.userId),
    check(
      'company_staff_role_valid',
      sql`${table.role} in ('administrador', 'recepcao', 'consulta')`,
    ),
  ],
);

/**
 * A club's invitation of a person to its staff, pending until the person accepts it with the
 * club's own proof: the link mailed to `email` (account_links of the club) or the one-time
 * password the club handed over. Accepting moves it to `company_staff`. `name` and `email` are
 * what the club typed: the club sees them, never the account's, until the person accepts.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['administrador', 'recepcao', 'consulta'] }).notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /** argon2id of the one-time password the club handed over; null when invited by link. */
    oneTimePasswordHash: text('one_time_password_hash'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    index('staff_invitations_user_idx').on(table.userId),
    check(
      'staff_invitations_role_valid',
      sql`${table.role} in ('administrador', 'recepcao', 'consulta')`,
    ),
    check('staff_invitations_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

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

export const categories = pgTable(
  'categories',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Cannot book on the same day (a title holds one booking a day in this category). */
    blockedAppointmentDay: boolean('blocked_appointment_day').notNull().default(false),
    /** Cannot book the same clock time as the day before in this category. */
    notAppointmentPreviousDayTime: boolean('not_appointment_previous_day_time')
      .notNull()
      .default(false),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('categories_company_idx').on(table.companyId),
    check('categories_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

export const places = pgTable(
  'places',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Wall-clock times in the club's timezone. */
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
    /** Minutes per slot. */
    bookRange: integer('book_range').notNull(),
    anonymousBooking: boolean('anonymous_booking').notNull().default(false),
    /** SCHEDULED bookings per title per calendar month at this place; 0 = no limit. */
    associateReservationLimit: integer('associate_reservation_limit').notNull().default(0),
    /** How many days ahead of club-local today a booking may start. */
    availableBookingDays: integer('available_booking_days').notNull(),
    /** Minimum age in years on the appointment date. */
    ageRestriction: integer('age_restriction').notNull().default(0),
    /** Hours before the start after which a booking can no longer be cancelled. */
    maxCancelBookingTime: integer('max_cancel_booking_time').notNull().default(0),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('places_company_idx').on(table.companyId),
    index('places_category_idx').on(table.categoryId),
    check('places_hours_order', sql`${table.startsAt} < ${table.endsAt}`),
    check('places_book_range', sql`${table.bookRange} between 5 and 1440`),
    check('places_limit', sql`${table.associateReservationLimit} >= 0`),
    check('places_booking_days', sql`${table.availableBookingDays} >= 0`),
    check('places_age', sql`${table.ageRestriction} between 0 and 120`),
    check('places_cancel_hours', sql`${table.maxCancelBookingTime} >= 0`),
    check('places_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

export const placeImages = pgTable(
  'place_images',
  {
    id: id(),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(1),
    description: text('description'),
    /** Generated storage key of the display-size image. */
    fileKey: text('file_key').notNull(),
    /** Generated storage key of the card thumbnail. */
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('place_images_place_idx').on(table.placeId, table.sequence)],
);

export const operatingHours = pgTable(
  'operating_hours',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dayOfWeek: text('day_of_week', {
      enum: ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'],
    }).notNull(),
    openTime: time('open_time').notNull(),
    closeTime: time('close_time').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('operating_hours_company_day_unique').on(table.companyId, table.dayOfWeek),
    check('operating_hours_order', sql`${table.openTime} < ${table.closeTime}`),
    check(
      'operating_hours_day',
      sql`${table.dayOfWeek} in ('DOMINGO','SEGUNDA','TERCA','QUARTA','QUINTA','SEXTA','SABADO')`,
    ),
  ],
);

export const blockedTimes = pgTable(
  'blocked_times',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /** Rows expanded from one weekly recurrence share this id. */
    recurrenceId: uuid('recurrence_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('blocked_times_place_range_idx').on(table.placeId, table.startsAt, table.endsAt),
    index('blocked_times_company_range_idx').on(table.companyId, table.startsAt),
    // Range (gist) indexes on (place_id | company_id, tstzrange): migration 0003.
    check('blocked_times_order', sql`${table.startsAt} < ${table.endsAt}`),
    check('blocked_times_description', sql`length(trim(${table.description})) > 0`),
  ],
);

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

/**
 * Sessions of both realms: a staff session names its account (`userId`), a members' portal
 * session its club membership (`associateId`); exactly one of the two is set.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    associateId: uuid('associate_id').references(() => associates.id, { onDelete: 'cascade' }),
    /** sha256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** Every token rotated from one login shares this id; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    replacedById: uuid('replaced_by_id'),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_associate_idx').on(table.associateId),
    check(
      'refresh_tokens_one_realm',
      sql`(${table.userId} is null) <> (${table.associateId} is null)`,
    ),
  ],
);

/** Who (staff user or member) did what to which row, when. Never updated or deleted by the app. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set instead of actorUserId when a member acted through the portal. */
    actorAssociateId: uuid('actor_associate_id').references(() => associates.id, {
      onDelete: 'set null',
    }),
    /** e.g. place.create, appointment.cancel, associate.block */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    /**
     * The place and the associate the event concerns, when it concerns one (their history and the
     * trail's filters). No foreign key: the trail outlives what it names.
     */
    placeId: uuid('place_id'),
    associateId: uuid('associate_id'),
    createdAt: createdAt(),
  },
  (table) => [
    // The trail is read newest first in pages keyed on (created_at, id).
    index('audit_events_company_keyset_idx').on(
      table.companyId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('audit_events_place_keyset_idx')
      .on(table.companyId, table.placeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.placeId} is not null`),
    index('audit_events_associate_keyset_idx')
      .on(table.companyId, table.associateId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.associateId} is not null`),
    index('audit_events_entity_idx').on(table.entityType, table.entityId),
  ],
);

/** Fixed-window counters shared by every API process (login throttling). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: instant('reset_at').notNull(),
});

/**
 * Uploaded files (place photos, club logos), in the database so that every API process serves
 * them and a backup of the database holds them (docs/decisions/004-images-in-the-database.md).
 * Keys are generated by the API and never change content; rows referring to them (place_images,
 * companies.logo_url) hold the key, without a foreign key: files copied in from an old uploads
 * folder arrive after the rows that name them.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('stored_files_size_matches', sql`${table.size} = octet_length(${table.bytes})`),
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

/**
 * Messages to send (e-mail), written in the transaction of the change that causes them and worked
 * by the sender of any API process (docs/decisions/011-outbox-and-account-links.md). A message is
 * claimed by setting `sending_until` (a lease): a sender that dies mid-send leaves it to be
 * claimed again once the lease is over. `kept`: no mail transport is configured; the message is
 * shown in the back office's Mensagens instead. `sensitive` bodies (access links) are cleared
 * once delivered.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    associateId: uuid('associate_id').references(() => associates.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The bulk invitation that queued it (`invitation_batches`, its progress). */
    batchId: uuid('batch_id'),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments')
      .$type<Array<{ filename: string; contentType: string; content: string }>>()
      .notNull()
      .default([]),
    sensitive: boolean('sensitive').notNull().default(false),
    /** At most one message per key, ever (e.g. one invitation per member and day). */
    dedupeKey: text('dedupe_key'),
    /** `notice`: only in the member's Avisos (no address, or the member chose no e-mail). */
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed', 'notice'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    sendingUntil: instant('sending_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    /** When the member opened it in the portal's Avisos. */
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('outbox_messages_dedupe_unique').on(table.dedupeKey),
    index('outbox_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('outbox_messages_company_created_idx').on(table.companyId, table.createdAt),
    index('outbox_messages_associate_created_idx').on(table.associateId, table.createdAt),
    index('outbox_messages_batch_idx').on(table.batchId),
    check(
      'outbox_messages_status',
      sql`${table.status} in ('pending','sent','kept','failed','notice')`,
    ),
  ],
);

/**
 * A bulk invitation's progress, one row per batch: the queueing statements add to `total`, the
 * outbox's sender adds to `done` (sent or kept) or `failed` in the statement that settles each
 * message. Pending is what remains. The screen reads this row, whatever the batch's size.
 */
export const invitationBatches = pgTable(
  'invitation_batches',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('invitation_batches_company_created_idx').on(table.companyId, table.createdAt)],
);

/**
 * Single-use links to choose a password (first access, forgotten password, staff invitation): a
 * staff account's or a membership's. Only the token's sha256 is kept; a link dies when used, when
 * it expires, or when a newer one is issued for the same person.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    associateId: uuid('associate_id').references(() => associates.id, { onDelete: 'cascade' }),
    /** The club whose staff invitation the link carries; null for a password link. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['first-access', 'reset', 'invitation', 'staff-invitation'],
    }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('account_links_hash_unique').on(table.tokenHash),
    index('account_links_user_idx').on(table.userId),
    index('account_links_associate_idx').on(table.associateId),
    check(
      'account_links_one_realm',
      sql`(${table.userId} is null) <> (${table.associateId} is null)`,
    ),
    check(
      'account_links_purpose',
      sql`${table.purpose} in ('first-access','reset','invitation','staff-invitation')`,
    ),
  ],
);

/**
 * A device where a member allowed the portal's notifications (Web Push): the push service's
 * endpoint and the browser's keys the payload is encrypted for. One row per member and device;
 * removed when the member turns it off, or when the push service says it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    associateId: uuid('associate_id')
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url, 65 bytes). */
    p256dh: text('p256dh').notNull(),
    /** The browser's auth secret (base64url, 16 bytes). */
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_member_endpoint_unique').on(table.associateId, table.endpoint),
  ],
);

/**
 * One message pushed to one device, queued with the message (`outbox_messages`) in the
 * transaction of the change and worked by the same sender with the same lease, retries and
 * give-up rules (docs/decisions/017).
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where a tap on the notification opens the portal. */
    url: text('url').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    sendingUntil: instant('sending_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_deliveries_message_subscription_unique').on(
      table.messageId,
      table.subscriptionId,
    ),
    index('push_deliveries_subscription_idx').on(table.subscriptionId),
    index('push_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check('push_deliveries_status', sql`${table.status} in ('pending','sent','failed')`),
  ],
);

export * from './schema-jobs';
