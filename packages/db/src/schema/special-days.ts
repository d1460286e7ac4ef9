import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, time, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './people';
import { categories, companies, places } from './places';

/**
 * A club's special day (a holiday, a closure, short hours) for the whole club, one category or
 * one place: without hours it closes what it covers; with hours they replace that date's weekly
 * hours. At most one per scope and date; the most specific one covering a place wins.
 */
export const specialDays = pgTable(
  'special_days',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The club-local date. */
    date: date('date').notNull(),
    name: text('name').notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'cascade' }),
    /** Wall-clock times in the club's timezone; both null = closed. */
    openTime: time('open_time'),
    closeTime: time('close_time'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('special_days_scope_date')
      .on(table.companyId, table.date, table.categoryId, table.placeId)
      .nullsNotDistinct(),
    check('special_days_name_not_blank', sql`length(trim(${table.name})) between 1 and 80`),
    check('special_days_one_scope', sql`${table.categoryId} is null or ${table.placeId} is null`),
    check(
      'special_days_hours',
      sql`(${table.openTime} is null and ${table.closeTime} is null) or (${table.openTime} is not null and ${table.closeTime} is not null and ${table.openTime} < ${table.closeTime})`,
    ),
  ],
);

/**
 * A place's own hours on a weekday, inside the club's (the two are intersected); both times null
 * = the place is closed that weekday. A weekday without a row follows the club's week.
 */
export const placeWeeklyHours = pgTable(
  'place_weekly_hours',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    dayOfWeek: text('day_of_week', {
      enum: ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'],
    }).notNull(),
    openTime: time('open_time'),
    closeTime: time('close_time'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('place_weekly_hours_place_day_unique').on(table.placeId, table.dayOfWeek),
    check(
      'place_weekly_hours_day',
      sql`${table.dayOfWeek} in ('DOMINGO','SEGUNDA','TERCA','QUARTA','QUINTA','SEXTA','SABADO')`,
    ),
    check(
      'place_weekly_hours_hours',
      sql`(${table.openTime} is null and ${table.closeTime} is null) or (${table.openTime} is not null and ${table.closeTime} is not null and ${table.openTime} < ${table.closeTime})`,
    ),
  ],
);
