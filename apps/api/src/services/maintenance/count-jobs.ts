import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';

export type CountJobsOptions = {
  /** Jobs given up on since this instant count as failed (the metrics' window). */
  failedSince: Date;
};

export type JobCounts = {
  name: string;
  /** Waiting to run: due or not yet, held by no runner. */
  pending: number;
  /** Held by a runner of some process now (its lease has not expired). */
  running: number;
  /** Waiting after a failed attempt, to be tried again. */
  retrying: number;
  /** Given up on since `failedSince`. */
  failed: number;
};

/**
 * The background jobs (lib/jobs) as an operator watches them, by job name: the queue's depth, the
 * jobs being run, those waiting after a failure and those given up on lately. Shared by every
 * process: the jobs table is the queue.
 */
export async function countJobs(db: Database, options: CountJobsOptions): Promise<JobCounts[]> {
  const failedSince = options.failedSince.toISOString();
  return queryRows<JobCounts>(
    db,
    sql`select name,
          count(*) filter (where status = 'pending' and (locked_until is null or locked_until <= now()))::int as pending,
          count(*) filter (where status = 'pending' and locked_until > now())::int as running,
          count(*) filter (where status = 'pending' and attempts > 0 and (locked_until is null or locked_until <= now()))::int as retrying,
          count(*) filter (where status = 'failed')::int as failed
        from jobs
        where status = 'pending' or (status = 'failed' and finished_at >= ${failedSince})
        group by name
        order by name`,
  );
}
