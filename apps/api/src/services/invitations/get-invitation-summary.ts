import { queryRows, type Database } from '@clube/db';
import type { InvitationBatch, InvitationSummary } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { countInvitable } from './queue-invitations';

type BatchRow = {
  id: string;
  created_at: Date | string;
  total: number;
  done: number;
  failed: number;
  pending: number;
};

/**
 * The bulk invitation's screen: how many members one would reach now (not counted while the
 * latest one is being sent: the screen looks every few seconds then), and what became of the
 * messages of the club's latest one (its progress while the sender works it).
 */
export async function getInvitationSummary(
  db: Database,
  options: { companyId: string },
): Promise<InvitationSummary> {
  const [batch] = await queryRows<BatchRow>(
    db,
    sql`with latest as (
          select batch_id from outbox_messages
          where company_id = ${options.companyId} and kind = 'invitation' and batch_id is not null
          order by created_at desc limit 1
        )
        select m.batch_id as id, min(m.created_at) as created_at, count(*)::int as total,
          (count(*) filter (where m.status in ('sent', 'kept')))::int as done,
          (count(*) filter (where m.status = 'failed'))::int as failed,
          (count(*) filter (where m.status = 'pending'))::int as pending
        from outbox_messages m join latest on latest.batch_id = m.batch_id
        group by m.batch_id`,
  );
  const isSending = (batch?.pending ?? 0) > 0;
  const eligible = isSending ? null : await countInvitable(db, { companyId: options.companyId });
  const latestBatch: InvitationBatch | null = batch
    ? {
        id: batch.id,
        createdAt: new Date(batch.created_at).toISOString(),
        total: batch.total,
        done: batch.done,
        failed: batch.failed,
        pending: batch.pending,
      }
    : null;
  return { eligible, latestBatch };
}
