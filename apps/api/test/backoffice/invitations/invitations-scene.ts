/** Invitations to the members' portal: requests, jobs and rows their tests read. */
import { auditEvents, outboxMessages, queryRows } from '@clube/db';
import { and, eq, sql } from 'drizzle-orm';
import { bearerFor, createClubWithStaff } from '../../factories';
import { jobsQueue } from '../../../src/lib/jobs/jobs';
import { createJobRunner, type JobRunner } from '../../../src/lib/jobs/runner';
import {
  bulkInvitationJob,
  type BulkInvitationJobOptions,
} from '../../../src/services/invitations/invite-all-associates';
import { type BuiltApp } from '../../helper';

export async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function tokenIn(text: string): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

/** The helpers bound to a test file's app and database. */
export function invitationsScene(context: BuiltApp) {
  async function club(name = 'Clube das Palmeiras') {
    const { company, staff } = await createClubWithStaff(context.db, { name });
    return { company, headers: await bearerFor(context.app, staff.cpf) };
  }

  let emails = 0;
  const freshEmail = () => `socio${(emails += 1)}@exemplo.com`;

  const inviteOne = (headers: Record<string, string>, id: string) =>
    context.app.inject({
      method: 'POST',
      url: `/api/backoffice/associate/${id}/invitation`,
      headers,
    });
  const inviteAll = (headers: Record<string, string>, companyId: string) =>
    context.app.inject({
      method: 'POST',
      url: `/api/backoffice/associate/invitation/company/${companyId}`,
      headers,
    });
  const summary = (headers: Record<string, string>, companyId: string) =>
    context.app.inject({
      method: 'GET',
      url: `/api/backoffice/associate/invitation/company/${companyId}`,
      headers,
    });

  const invitationsTo = (associateId: string) =>
    context.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.associateId, associateId), eq(outboxMessages.kind, 'invitation')),
      );

  /** A runner of bulk invitations' jobs only (their messages stay pending). */
  const bulkRunner = (
    options: Partial<BulkInvitationJobOptions> & { leaseSeconds?: number } = {},
  ): JobRunner =>
    createJobRunner(context.db, {
      log: { info() {}, warn() {}, error() {} },
      leaseSeconds: options.leaseSeconds,
      queues: [
        jobsQueue({
          jobs: [bulkInvitationJob({ publicUrl: 'https://reservas.clube.test', ...options })],
        }),
      ],
    });

  async function workJobs(runner: JobRunner) {
    while ((await runner.runOnce()) > 0);
  }

  /** The row of a bulk invitation's job. */
  async function bulkJob(batchId: string) {
    const [row] = await queryRows<{
      status: string;
      attempts: number;
      locked_until: Date | null;
      payload: { invited: number; batches: number };
    }>(context.db, sql`select * from jobs where payload->>'batchId' = ${batchId}`);
    return row!;
  }
  const bulkProgress = async (batchId: string) => (await bulkJob(batchId)).payload;

  const auditsOf = async (companyId: string) =>
    (
      await context.db
        .select({ data: auditEvents.data })
        .from(auditEvents)
        .where(
          and(eq(auditEvents.entityId, companyId), eq(auditEvents.action, 'associate.invite-all')),
        )
    ).map((row) => row.data);
  return {
    club,
    freshEmail,
    inviteOne,
    inviteAll,
    summary,
    invitationsTo,
    bulkRunner,
    workJobs,
    bulkJob,
    bulkProgress,
    auditsOf,
  };
}
