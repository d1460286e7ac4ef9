import type { Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/app-error';
import {
  defineJob,
  jobProgress,
  PermanentJobError,
  queueJobStatement,
  type JobContext,
} from '../../lib/jobs/jobs';
import {
  invitationBatching,
  nextBatchSize,
  queueInvitations,
  renderTemplate,
} from './queue-invitations';

/** Where a bulk invitation stands: saved on its job with each batch it queues. */
const bulkInvitationPayload = z.object({
  companyId: z.string().uuid(),
  batchId: z.string().uuid(),
  actorUserId: z.string().uuid(),
  /** The card number of the last member looked at: the next batch starts after it. */
  afterCardId: z.string().nullable(),
  invited: z.number().int().nonnegative(),
  batches: z.number().int().nonnegative(),
  /** Members in the next batch. */
  limit: z.number().int().positive(),
  /** The size stays `limit` (tests); otherwise sized by time (`invitationBatching`). */
  fixedSize: z.boolean().default(false),
  /** The audit event is written (the last step). */
  audited: z.boolean().default(false),
});
export type BulkInvitationPayload = z.infer<typeof bulkInvitationPayload>;

export type BulkInvitationJobOptions = {
  publicUrl: string;
  /** The time each statement is sized to take (default `invitationBatching.targetMs`). */
  targetMs?: number;
  /**
   * Awaited between two batches, with how long the last one took: by default the next turn of the
   * event loop.
   */
  betweenBatches?: (last: { elapsedMs: number }) => Promise<unknown>;
};

type Audited = Pick<BulkInvitationPayload, 'companyId' | 'actorUserId' | 'invited'>;

/** The audit event of a bulk invitation, with how many it invited. */
const auditOf = (db: Database, payload: Audited) =>
  recordAudit(db, {
    companyId: payload.companyId,
    actorUserId: payload.actorUserId,
    action: 'associate.invite-all',
    entityType: 'company',
    entityId: payload.companyId,
    data: { invited: payload.invited },
  });

/**
 * Writes the audit event (once any member was invited); a job records in the same transaction
 * that it did, so a job redone after a crash does not write it twice.
 */
async function audit(db: Database, payload: Audited, context?: JobContext) {
  if (payload.invited === 0) return;
  if (!context) return auditOf(db, payload);
  await db.transaction(async (tx) => {
    await auditOf(tx, payload);
    await tx.execute(jobProgress(context, sql`'{"audited": true}'::jsonb`));
  });
}

/**
 * The rest of a bulk invitation, after the batch the request queued: a job, so a restart resumes
 * it where it stopped. Each batch is one statement that queues the members' messages and saves
 * the job's progress (the next card number, the count) together; a batch redone after a crash
 * finds its members invited today and skips them (the outbox's unique `dedupe_key`). Between two
 * batches other work takes its turn; a stopping runner ends the job after the batch in hand, for
 * any process to resume. The audit event is written once all are queued. Given up (its retries
 * spent), the members it did not reach are counted failed on the batch's progress.
 */
export const bulkInvitationJob = (options: BulkInvitationJobOptions) =>
  defineJob({
    name: 'invite-all-associates',
    payload: bulkInvitationPayload,
    async handle(payload, context) {
      if (payload.audited) return;
      const betweenBatches = options.betweenBatches ?? (() => nextTurn());
      const template = await renderTemplate(context.db, {
        companyId: payload.companyId,
        publicUrl: options.publicUrl,
      }).catch((error: unknown) => {
        // The club was removed meanwhile: nobody is left to invite, whatever the retries.
        if (error instanceof AppError && error.key === 'CompanyNotFound') {
          throw new PermanentJobError('the club no longer exists');
        }
        throw error;
      });
      const progress = { ...payload };
      for (;;) {
        if (context.signal.aborted) return 'unfinished';
        const started = performance.now();
        const limit = progress.limit;
        const batch = await queueInvitations(context.db, {
          companyId: payload.companyId,
          publicUrl: options.publicUrl,
          template,
          batchId: payload.batchId,
          afterCardId: progress.afterCardId,
          limit,
          invitedBefore: progress.invited,
          alongside: jobProgress(
            context,
            sql`jsonb_build_object(
              'afterCardId', coalesce((select max(card_id) from targets), ${progress.afterCardId}::text),
              'invited', ${progress.invited}::int + (select count(*)::int from queued),
              'batches', ${progress.batches + 1}::int,
              'limit', ${limit}::int)`,
          ),
        });
        if (!batch.progressed)
          throw new Error('the bulk invitation was taken over by another runner');
        progress.afterCardId = batch.lastCardId ?? progress.afterCardId;
        progress.invited += batch.queued;
        progress.batches += 1;
        if (batch.considered < limit) break;
        const elapsedMs = performance.now() - started;
        if (!payload.fixedSize) progress.limit = nextBatchSize(limit, elapsedMs, options.targetMs);
        await betweenBatches({ elapsedMs });
      }
      await audit(context.db, progress, context);
    },
    // Given up part-way: the members it did not reach count as failed on the batch's row, so the
    // screen ends on what was sent and what was not instead of waiting for them forever.
    onGiveUp: sql`update invitation_batches b
      set failed = b.failed + greatest(b.total - (g.payload->>'invited')::int, 0)
      from given_up g where b.id = (g.payload->>'batchId')::uuid`,
  });

export type InviteAllAssociatesOptions = {
  companyId: string;
  actorUserId: string;
  publicUrl: string;
  /** Members per statement, fixed (tests); by default sized by time (`invitationBatching`). */
  batchSize?: number;
  /** The time each statement is sized to take (default `invitationBatching.targetMs`). */
  targetMs?: number;
};

export type BulkInvitation = {
  batchId: string;
  /** Invited by the first batch, before the answer. */
  invited: number;
  /** Whether a job queues the rest (otherwise the first batch was all: a small club). */
  continues: boolean;
};

/**
 * Invites every member of the club who has an e-mail and no portal password and was not invited
 * today, as one batch of messages whose progress `getInvitationSummary` follows. The first batch
 * is queued before this answers, in one statement with the job that queues the rest
 * (`bulkInvitationJob`) when more members remain; a club smaller than one batch is done, audit
 * included, before the answer. A member is still invited at most once a day (the outbox's unique
 * `dedupe_key`), also when two bulk invitations run at once. Answers null when nobody was left
 * to invite.
 */
export async function inviteAllAssociates(
  db: Database,
  options: InviteAllAssociatesOptions,
): Promise<BulkInvitation | null> {
  const batchId = randomUUID();
  const template = await renderTemplate(db, options);
  const limit = options.batchSize ?? invitationBatching.first;
  const first = await queueInvitations(db, {
    ...options,
    template,
    batchId,
    afterCardId: null,
    limit,
    // A full batch: more members may remain, for the job (its payload as bulkInvitationPayload).
    alongside: queueJobStatement(bulkInvitationJob(options), {
      when: sql`(select count(*) from targets) = ${limit}`,
      payload: sql`jsonb_build_object('companyId', ${options.companyId}::uuid,
        'batchId', ${batchId}::uuid, 'actorUserId', ${options.actorUserId}::uuid,
        'afterCardId', (select max(card_id) from targets),
        'invited', (select count(*)::int from queued), 'batches', 1, 'limit', ${limit}::int,
        'fixedSize', ${options.batchSize !== undefined}::boolean)`,
    }),
  });
  if (first.considered === 0) return null;
  const continues = first.considered === limit;
  if (!continues) {
    await audit(db, {
      companyId: options.companyId,
      actorUserId: options.actorUserId,
      invited: first.queued,
    });
  }
  return { batchId, invited: first.queued, continues };
}
