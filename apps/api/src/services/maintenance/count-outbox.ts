import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';

export type CountOutboxOptions = {
  /** Messages given up on since this instant count as failed (the metrics' window). */
  failedSince: Date;
};

export type OutboxCounts = { pending: number; retrying: number; failed: number };

/**
 * The outbox as an operator watches it: messages waiting to be sent (`pending`, through the
 * partial index of due messages), those among them that failed at least once and wait to be
 * tried again (`retrying`), and those given up on since `failedSince` (`failed`).
 */
export async function countOutbox(
  db: Database,
  options: CountOutboxOptions,
): Promise<OutboxCounts> {
  const [counts] = await queryRows<OutboxCounts>(
    db,
    sql`select
          (select count(*)::int from outbox_messages where status = 'pending') as pending,
          (select count(*)::int from outbox_messages where status = 'pending' and attempts > 0) as retrying,
          (select count(*)::int from outbox_messages
            where status = 'failed' and created_at >= ${options.failedSince.toISOString()}) as failed`,
  );
  return counts ?? { pending: 0, retrying: 0, failed: 0 };
}
