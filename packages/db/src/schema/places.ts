import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, instant, bytea } from './columns';
import { users } from './people';

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
    /** Minutes a waitlist offer holds its slot (shorter when the slot starts sooner). */
    waitlistOfferMinutes: integer('waitlist_offer_minutes').notNull().default(15),
    /** The most waitlists a membership title may be on at once. */
    waitlistMaxPerTitle: integer('waitlist_max_per_title').notNull().default(3),
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
    check(
      'companies_waitlist_settings',
      sql`${table.waitlistOfferMinutes} between 1 and 1440 and ${table.waitlistMaxPerTitle} between 1 and 50`,
    ),
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
    /** Members may join the waitlist of a taken slot of this category's places. */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(true),
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
    /** Bookings here may list guests (docs/domain.md, "Guest lists"). */
    guestsAllowed: boolean('guests_allowed').notNull().default(false),
    /** The most guests one booking may list. */
    guestLimit: integer('guest_limit').notNull().default(0),
    /** Each guest needs a valid CPF; otherwise the name is enough. */
    guestCpfRequired: boolean('guest_cpf_required').notNull().default(false),
    /** Hours before the start after which a booking's guest list no longer changes. */
    guestListClosesHours: integer('guest_list_closes_hours').notNull().default(0),
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
    check(
      'places_guest_settings',
      sql`${table.guestLimit} between 0 and 200 and ${table.guestListClosesHours} between 0 and 720`,
    ),
  ],
);

/**
 * A place made of other places of its club (the full field of its two halves): a booking of the
 * whole holds each part's time and a booking of a part holds the whole's. One level: a part is
 * never a whole. Same club, one level and the bookings' rule are triggers of migration 0033
 * (docs/decisions/034-linked-places.md).
 */
export const placeParts = pgTable(
  'place_parts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    wholePlaceId: uuid('whole_place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    partPlaceId: uuid('part_place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'place_parts_pk', columns: [table.wholePlaceId, table.partPlaceId] }),
    index('place_parts_part_idx').on(table.partPlaceId),
    index('place_parts_company_idx').on(table.companyId),
    check('place_parts_not_itself', sql`${table.wholePlaceId} <> ${table.partPlaceId}`),
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
