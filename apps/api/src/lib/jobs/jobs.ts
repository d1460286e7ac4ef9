import { queryRows, type Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ClaimedRow } from './queue';
import { forEachLimited, type JobLogger, type Queue } from './runner';

/** The job being worked: its row's id and the attempt (the claim's token). */
export type JobClaim = ClaimedRow;

export type JobContext = {
  db: Database;
  log: JobLogger;
  job: JobClaim;
  /** Aborted when the runner stops: a long job ends after the piece in hand (`'unfinished'`). */
  signal: AbortSignal;
  /** Seconds a claim lasts; `jobProgress` extends it. */
  leaseSeconds: number;
};

/**
 * A kind of background work: a name, a payload checked when queued and when worked, and a
 * handler. The handler throws to fail the attempt (tried again with backoff; `PermanentJobError`
 * gives up at once) and answers `'unfinished'` when stopped part-way after saving its progress
 * (`jobProgress`): the job is then due again at once, for any process.
 */
export type JobDefinition<Payload> = {
  name: string;
  payload: z.ZodType<Payload>;
  handle: (payload: Payload, context: JobContext) => Promise<void | 'unfinished'>;
  /**
   * What ends with the job when it is given up (its retries spent, or a permanent failure): a
   * statement that reads `given_up` (`id`, `payload`: the job's row as saved, its progress
   * included) and runs in the statement that fails the job, so it happens exactly once.
   */
  onGiveUp?: SQL;
};

export const defineJob = <Payload>(definition: JobDefinition<Payload>) => definition;

/** Any job, whatever its payload: what the runner's list holds. */
export type AnyJob = {
  name: string;
  payload: z.ZodType<unknown>;
  handle: (payload: never, context: JobContext) => Promise<void | 'unfinished'>;
  onGiveUp?: SQL;
};

/** A failure no retry can mend (a payload that does not parse, a row that is gone). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * Work that runs once per period, whatever the number of processes: each period a job keyed
 * `name:period` is queued (the key is unique), and whichever runner claims it does it.
 */
export type Schedule = { job: AnyJob; everySeconds: number };

/**
 * The statement that queues `job` with `payload` (a jsonb expression), when `when` holds: plain
 * SQL, to be a data-modifying CTE of the statement that makes the change causing it (so both
 * commit together, in one round trip). The payload is checked when the job is worked; with
 * `key`, at most one job per key is ever queued.
 */
export const queueJobStatement = (
  job: Pick<AnyJob, 'name'>,
  options: { payload: SQL; when?: SQL; key?: string; delaySeconds?: number },
) =>
  sql`insert into jobs (name, payload, key, next_attempt_at)
    select ${job.name}, ${options.payload}, ${options.key ?? null},
      now() + make_interval(secs => ${options.delaySeconds ?? 0})
    ${options.when ? sql`where ${options.when}` : sql``}
    on conflict (key) do nothing`;

/**
 * Queues a job in the caller's transaction (so it exists exactly when the change that causes it
 * does), its payload checked now. With `key`, at most one job per key is ever queued; answers
 * its id, or null when the key was taken.
 */
export async function enqueueJob<Payload>(
  db: Database,
  job: JobDefinition<Payload>,
  payload: Payload,
  options: { key?: string; delaySeconds?: number } = {},
): Promise<string | null> {
  const checked = job.payload.parse(payload);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`${queueJobStatement(job as AnyJob, {
      ...options,
      payload: sql`${JSON.stringify(checked)}::jsonb`,
    })} returning id`,
  );
  return row?.id ?? null;
}

/**
 * A statement that saves a running job's progress (`patch`, a jsonb object merged into its
 * payload) and extends its lease, only while the attempt is still `job`'s: a data-modifying CTE
 * for the statement that does the piece of work, so progress and work commit together.
 */
export const jobProgress = (context: JobContext, patch: SQL) =>
  sql`update jobs set payload = payload || ${patch},
      locked_until = now() + make_interval(secs => ${context.leaseSeconds})
    where id = ${context.job.id}::uuid and attempts = ${context.job.attempts}::int and status = 'pending'`;

/** The period number of `now` for a schedule (seconds since the epoch / its period). */
export const periodOf = (schedule: Schedule, now: Date) =>
  Math.floor(now.getTime() / 1000 / schedule.everySeconds);

/** The update that gives a job up, then `onGiveUp` over the row it gave up (`given_up`). */
const givenUpThen = (onGiveUp: SQL) => (update: SQL) =>
  sql`with settled as (${update} returning id, status, payload),
    given_up as (select id, payload from settled where status = 'failed')
    ${onGiveUp}`;

type JobRow = JobClaim & { name: string; payload: unknown };

/**
 * The `jobs` table as one of the runner's queues: claims only the jobs it knows (a newer
 * process's job waits for a process that knows it), parses each payload, runs its handler.
 * Before each claim it queues the schedules' jobs of the current period (once per period and
 * process: the key makes it once in all).
 */
export function jobsQueue(options: { jobs: AnyJob[]; schedules?: Schedule[] }): Queue<JobRow> {
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  const schedules = options.schedules ?? [];
  for (const schedule of schedules) byName.set(schedule.job.name, schedule.job);
  const queuedPeriods = new Map<string, number>();
  const names = [...byName.keys()];
  return {
    noun: 'job',
    // Jobs may be long: claim only those that start now, so none waits out its lease.
    batchSize: 2,
    table: {
      table: 'jobs',
      leaseColumn: 'locked_until',
      due:
        names.length === 0
          ? sql`false`
          : sql`name in (${sql.join(
              names.map((name) => sql`${name}`),
              sql`, `,
            )})`,
      returning: sql`t.name, t.payload`,
    },
    async prepare(db) {
      const now = new Date();
      const due = schedules.filter(
        (schedule) => queuedPeriods.get(schedule.job.name) !== periodOf(schedule, now),
      );
      if (due.length === 0) return;
      await db.execute(sql`insert into jobs (name, key)
        values ${sql.join(
          due.map(
            (schedule) =>
              sql`(${schedule.job.name}, ${`${schedule.job.name}:${periodOf(schedule, now)}`})`,
          ),
          sql`, `,
        )}
        on conflict (key) do nothing`);
      for (const schedule of due) queuedPeriods.set(schedule.job.name, periodOf(schedule, now));
    },
    async work(rows, context) {
      await forEachLimited(rows, context.concurrency, async (row) => {
        const job = byName.get(row.name)!;
        try {
          const parsed = job.payload.safeParse(row.payload);
          if (!parsed.success) throw new PermanentJobError(`payload: ${parsed.error.message}`);
          const outcome = await job.handle(parsed.data as never, {
            db: context.db,
            log: context.log,
            job: row,
            signal: context.signal,
            leaseSeconds: context.leaseSeconds,
          });
          if (outcome === 'unfinished') await context.release(row);
          else await context.done([row], 'done', sql`finished_at = now()`);
        } catch (error) {
          const failure = error instanceof Error ? error : new Error(String(error));
          await context.fail(row, {
            error: failure,
            permanent: failure instanceof PermanentJobError,
            set: (giveUp) => (giveUp ? sql`finished_at = now()` : sql`finished_at = null`),
            wrapGiveUp: job.onGiveUp && givenUpThen(job.onGiveUp),
          });
        }
      });
    },
  };
}

/**
 * The depth of each queue for the operator: rows due now, rows waiting for a later attempt, how
 * long the oldest due one has waited; and the jobs given up. Read through the queues' partial
 * indexes of pending rows.
 */
export async function readQueueDepths(db: Database) {
  const rows = await queryRows<{
    queue: string;
    due: number;
    later: number;
    oldest_due_seconds: number | null;
  }>(
    db,
    sql`select q.queue, count(*) filter (where q.next_attempt_at <= now())::int as due,
          count(*) filter (where q.next_attempt_at > now())::int as later,
          extract(epoch from now() - min(q.next_attempt_at) filter (where q.next_attempt_at <= now()))::float8 as oldest_due_seconds
        from (
          select 'message' as queue, next_attempt_at from outbox_messages where status = 'pending'
          union all select 'push', next_attempt_at from push_deliveries where status = 'pending'
          union all select 'job', next_attempt_at from jobs where status = 'pending'
        ) q
        group by q.queue`,
  );
  const [failed] = await queryRows<{ failed: number }>(
    db,
    sql`select count(*)::int as failed from jobs where status = 'failed'`,
  );
  const depth = (queue: string) => {
    const row = rows.find((candidate) => candidate.queue === queue);
    return {
      due: row?.due ?? 0,
      later: row?.later ?? 0,
      oldestDueSeconds: Math.round(row?.oldest_due_seconds ?? 0),
    };
  };
  return {
    message: depth('message'),
    push: depth('push'),
    job: { ...depth('job'), failed: failed?.failed ?? 0 },
  };
}

/** Days a finished job is kept (its outcome readable), and a job given up. */
export const keptJobDays = { done: 7, failed: 30 } as const;

/** Removes finished jobs past `keptJobDays`: the table holds what is to do and what just was. */
export const cleanUpJobsJob = defineJob({
  name: 'clean-up-jobs',
  payload: z.object({}),
  async handle(_payload, context) {
    await context.db.execute(sql`delete from jobs
      where (status = 'done' and finished_at < now() - make_interval(days => ${keptJobDays.done}))
        or (status = 'failed' and finished_at < now() - make_interval(days => ${keptJobDays.failed}))`);
  },
});
