import { queryRows, type Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';

/** Seconds to wait before the attempt after attempt N (1-based); the last one is repeated. */
export const retryDelaysSeconds = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600] as const;
/** Attempts before work that keeps failing temporarily is given up as failed. */
export const maxAttempts = 8;

/** Seconds before the attempt after attempt `attempts` (1-based). */
export const retryDelayAfter = (attempts: number) =>
  retryDelaysSeconds[Math.min(attempts, retryDelaysSeconds.length) - 1] ?? retryDelaysSeconds[0];

/** What every claimed row carries: its id and the attempt it is (the claim's token). */
export type ClaimedRow = { id: string; attempts: number };

/**
 * A table worked as a queue. Its rows have `id`, `status` ('pending' until settled),
 * `attempts`, `next_attempt_at`, `last_error` and a lease column; the outbox's messages, their
 * pushes and the `jobs` table are three such tables, worked by one runner (`runner.ts`).
 */
export type LeasedTable = {
  /** The table (a constant of ours, never input). */
  table: string;
  /** The column holding the claim's lease. */
  leaseColumn: string;
  /** Which due rows this queue takes (a condition on the table's own columns). */
  due?: SQL;
  /** Rows of other tables the claim reads with each row (`, push_subscriptions s`), as `t`. */
  from?: SQL;
  /** How those rows join `t`. */
  where?: SQL;
  /** The columns the claim answers (of `t` and `from`); `t.id` and `t.attempts` come anyway. */
  returning: SQL;
  /** Wraps a settling `update … where` (without `returning`) into the statement that runs. */
  wrapSettle?: (update: SQL) => SQL;
};

const identifier = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * Takes up to `limit` due rows nobody holds and holds them for `leaseSeconds`, counting the
 * attempt, in one statement. `SKIP LOCKED` lets runners of other processes claim other rows at
 * the same moment instead of waiting; the lease (not the row lock, which ends with the statement)
 * keeps them away from these until it is over: a runner that died mid-work leaves its rows to
 * the others then.
 */
export async function claimDue<Row extends ClaimedRow>(
  db: Database,
  queue: LeasedTable,
  options: { limit: number; leaseSeconds: number },
): Promise<Row[]> {
  const table = identifier(queue.table);
  const lease = identifier(queue.leaseColumn);
  return queryRows<Row>(
    db,
    sql`update ${table} t
        set ${lease} = now() + make_interval(secs => ${options.leaseSeconds}), attempts = t.attempts + 1
        from (
          select id from ${table}
          where status = 'pending' and next_attempt_at <= now()
            and (${lease} is null or ${lease} <= now())
            ${queue.due ? sql`and ${queue.due}` : sql``}
          order by next_attempt_at
          limit ${options.limit}
          for update skip locked
        ) due ${queue.from ?? sql``}
        where t.id = due.id ${queue.where ? sql`and ${queue.where}` : sql``}
        returning t.id, t.attempts, ${queue.returning}`,
  );
}

/** The rows an outcome settles: each only if its attempt is still the claim's own. */
const heldBy = (rows: ClaimedRow[]) =>
  sql`(id, attempts) in (${sql.join(
    rows.map((row) => sql`(${row.id}::uuid, ${row.attempts}::int)`),
    sql`, `,
  )}) and status = 'pending'`;

/**
 * Ends the work of `rows` as `status` (sent, kept, done…), with `set` (more columns). A runner
 * whose lease ran out and whose rows were claimed again writes nothing: the newer attempt owns
 * them.
 */
export async function settleDone(
  db: Database,
  queue: LeasedTable,
  rows: ClaimedRow[],
  options: { status: string; set?: SQL },
): Promise<void> {
  if (rows.length === 0) return;
  const update = sql`update ${identifier(queue.table)} set status = ${options.status},
      ${identifier(queue.leaseColumn)} = null, last_error = null ${options.set ? sql`, ${options.set}` : sql``}
    where ${heldBy(rows)}`;
  await db.execute(queue.wrapSettle ? queue.wrapSettle(update) : update);
}

/**
 * Records a failed attempt: tried again after the backoff (`retryDelaysSeconds`), or given up as
 * `failed` when `permanent` or at the last attempt. `set` (more columns) sees whether it gave up.
 * Answers whether it did.
 */
export async function settleFailed(
  db: Database,
  queue: LeasedTable,
  row: ClaimedRow,
  options: {
    error: string;
    permanent: boolean;
    set?: (giveUp: boolean) => SQL;
    /** Wraps the update when it gives up, instead of `wrapSettle`: what ends with the row. */
    wrapGiveUp?: (update: SQL) => SQL;
  },
): Promise<boolean> {
  const giveUp = options.permanent || row.attempts >= maxAttempts;
  const extra = options.set?.(giveUp);
  const update = sql`update ${identifier(queue.table)} set
      status = ${giveUp ? 'failed' : 'pending'},
      ${identifier(queue.leaseColumn)} = null,
      last_error = ${options.error},
      next_attempt_at = now() + make_interval(secs => ${retryDelayAfter(row.attempts)})
      ${extra ? sql`, ${extra}` : sql``}
    where ${heldBy([row])}`;
  const wrap = (giveUp && options.wrapGiveUp) || queue.wrapSettle;
  await db.execute(wrap ? wrap(update) : update);
  return giveUp;
}

/**
 * Gives a row back unfinished (its worker was stopped, the work made progress): due again at
 * once, and the attempt not counted as a failure.
 */
export async function release(db: Database, queue: LeasedTable, row: ClaimedRow): Promise<void> {
  await db.execute(sql`update ${identifier(queue.table)} set
      ${identifier(queue.leaseColumn)} = null, attempts = attempts - 1, next_attempt_at = now()
    where ${heldBy([row])}`);
}
