import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Background work that is not a message (`apps/api/src/lib/jobs`): a named job with a checked
 * payload, queued in the transaction of the change that causes it, claimed by any API process
 * with a lease (`locked_until`), tried again with backoff, `done` or `failed` once. A scheduled
 * job's `key` names its period, so each period runs once whatever the number of processes.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** At most one job per key, ever (e.g. `clean-up-jobs:20605`, the period of a schedule). */
    key: text('key').unique('jobs_key_unique'),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    finishedAt: instant('finished_at'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('jobs_finished_idx').on(table.finishedAt),
    check('jobs_status', sql`${table.status} in ('pending','done','failed')`),
  ],
);
