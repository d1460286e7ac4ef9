import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, instant } from './columns';
import { associates } from './members';
import { companies } from './places';

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

/** Fixed-window counters shared by every API process (login throttling). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: instant('reset_at').notNull(),
});
