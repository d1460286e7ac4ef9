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
};

/**
 * The club's latest bulk invitation and its counters: one row of `invitation_batches` (the
 * queueing statements and the sender keep them), read through the club's index, so it costs the
 * same for 50 members as for 50 000 (the screen reads it every few seconds while they are sent).
 */
export const latestBatchQuery = (companyId: string) =>
  sql`select id, created_at, total, done, failed from invitation_batches
      where company_id = ${companyId}
      order by created_at desc limit 1`;

/**
 * The bulk invitation's screen: how many members one would reach now (not counted while the
 * latest one is being sent: the screen looks every few seconds then), and what became of the
 * messages of the club's latest one (its progress while the sender works it).
 */
export async function getInvitationSummary(
  db: Database,
  options: { companyId: string },
): Promise<InvitationSummary> {
  const [row] = await queryRows<BatchRow>(db, latestBatchQuery(options.companyId));
  const batch = row ? { ...row, pending: row.total - row.done - row.failed } : undefined;
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
