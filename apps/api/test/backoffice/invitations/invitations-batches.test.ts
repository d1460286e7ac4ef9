import { companies, outboxMessages } from '@clube/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearerFor, createAssociate, createClubWithStaff } from '../../factories';
import { build } from '../../helper';
import { maxAttempts } from '../../../src/lib/jobs/queue';
import { inviteAllAssociates } from '../../../src/services/invitations/invite-all-associates';
import {
  invitationBatching,
  nextBatchSize,
} from '../../../src/services/invitations/queue-invitations';
import { invitationsScene, waitFor } from './invitations-scene';

const context = build({ publicUrl: 'https://reservas.clube.test' });
const {
  freshEmail,
  summary,
  invitationsTo,
  bulkRunner,
  workJobs,
  bulkJob,
  bulkProgress,
  auditsOf,
} = invitationsScene(context);

describe('the invitation to every member without a password', () => {
  describe('at the size of a large club, in bounded batches', () => {
    async function clubOf(members: number) {
      const { company, staff } = await createClubWithStaff(context.db, { name: 'Clube Grande' });
      const invitable = [];
      for (let index = 0; index < members; index += 1) {
        invitable.push(await createAssociate(context.db, company.id, { email: freshEmail() }));
      }
      return { company, staff, invitable };
    }
    const eachInvitedOnce = async (members: Array<{ id: string }>) => {
      for (const member of members) expect(await invitationsTo(member.id)).toHaveLength(1);
    };
    const bulkOptions = (company: { id: string }, staff: { id: string }, batchSize: number) => ({
      companyId: company.id,
      actorUserId: staff.id,
      publicUrl: 'https://reservas.clube.test',
      batchSize,
    });

    it('queues N members in ⌊N / size⌋ + 1 statements, each member once', async () => {
      const { company, staff, invitable } = await clubOf(7);
      const bulk = await inviteAllAssociates(context.db, bulkOptions(company, staff, 3));
      // The first batch before the answer, the rest by its job.
      expect(bulk).toMatchObject({ invited: 3, continues: true });
      await workJobs(bulkRunner());
      // 3 + 3 + 1: the short third batch says there is nobody left.
      expect(await bulkProgress(bulk!.batchId)).toMatchObject({ invited: 7, batches: 3 });
      await eachInvitedOnce(invitable);
      const batchRows = await context.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.batchId, bulk!.batchId));
      expect(batchRows).toHaveLength(7);
      expect(await auditsOf(company.id)).toEqual([{ invited: 7 }]);
    });

    it('answers another request between two batches, which sees the progress so far', async () => {
      const { company, staff, invitable } = await clubOf(6);
      const headers = await bearerFor(context.app, staff.cpf);
      const totalsSeen: number[] = [];
      const elapsedSeen: number[] = [];
      const bulk = await inviteAllAssociates(context.db, bulkOptions(company, staff, 2));
      await workJobs(
        bulkRunner({
          // Between two batches, a request of the progress banner must be answered: were the
          // batches one transaction (or one statement), it would wait for all of them.
          // Told how long the last batch took (the embedded database rests as long).
          betweenBatches: async ({ elapsedMs }) => {
            elapsedSeen.push(elapsedMs);
            const answer = await Promise.race([
              summary(headers, company.id),
              new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
            ]);
            expect(answer?.statusCode).toBe(200);
            totalsSeen.push(answer!.json<{ latestBatch: { total: number } }>().latestBatch.total);
          },
        }),
      );
      expect(await bulkProgress(bulk!.batchId)).toMatchObject({ invited: 6, batches: 4 });
      // The first batch (2) was queued by the request, the job's follow: the total was known
      // from the start ("2 de 6", never "2 de 2").
      expect(totalsSeen).toEqual([6, 6]);
      expect(elapsedSeen).toHaveLength(2);
      expect(elapsedSeen.every((ms) => ms > 0)).toBe(true);
      await eachInvitedOnce(invitable);
    });

    it('knows its total from the first batch, and ends on what was really queued', async () => {
      const { company, staff, invitable } = await clubOf(5);
      const headers = await bearerFor(context.app, staff.cpf);
      const bulk = await inviteAllAssociates(context.db, bulkOptions(company, staff, 2));
      const progress = async () =>
        (await summary(headers, company.id)).json<{ latestBatch: { total: number } }>().latestBatch;
      // Two queued, five to go in all: the banner reads "0 de 5" from the start.
      expect(await progress()).toMatchObject({ total: 5, done: 0, pending: 5 });
      // A member not reached yet sets a password before the job does: nobody waits for them.
      const notYet = [];
      for (const member of invitable) {
        if ((await invitationsTo(member.id)).length === 0) notYet.push(member);
      }
      expect(notYet).toHaveLength(3);
      await context.db.execute(
        sql`update associates set password_hash = 'x' where id = ${notYet[0]!.id}`,
      );
      await workJobs(bulkRunner());
      expect(await bulkProgress(bulk!.batchId)).toMatchObject({ invited: 4 });
      expect(await progress()).toMatchObject({ total: 4, pending: 4 });
    });

    it('sizes each statement by how long the last one took, within bounds', () => {
      const { min, max, targetMs } = invitationBatching;
      // Twice the target: half the members next time; far too slow: never below the minimum.
      expect(nextBatchSize(400, targetMs * 2)).toBe(200);
      expect(nextBatchSize(400, targetMs * 1_000)).toBe(min);
      // Fast: grows, but at most doubles, and never past the maximum.
      expect(nextBatchSize(400, targetMs / 10)).toBe(800);
      expect(nextBatchSize(max, 1)).toBe(max);
    });

    it('stops after the batch in hand when its runner stops; another resumes where it stopped', async () => {
      const { company, staff, invitable } = await clubOf(8);
      const bulk = await inviteAllAssociates(context.db, bulkOptions(company, staff, 2));
      const stopping = bulkRunner({ betweenBatches: async () => void stopped() });
      const stopped = () => stopping.stop();
      stopping.start();
      await waitFor(async () => (await bulkProgress(bulk!.batchId)).batches === 2);
      await stopping.stop();
      // Given back unfinished, due at once, the stop not counted as a failed attempt.
      expect(await bulkJob(bulk!.batchId)).toMatchObject({
        status: 'pending',
        attempts: 0,
        locked_until: null,
      });
      await workJobs(bulkRunner());
      expect(await bulkProgress(bulk!.batchId)).toMatchObject({ invited: 8, batches: 5 });
      await eachInvitedOnce(invitable);
      expect(await auditsOf(company.id)).toEqual([{ invited: 8 }]);
    });

    it('is finished by another runner once the lease of one that stopped answering is over, each member once', async () => {
      const { company, staff, invitable } = await clubOf(8);
      const bulk = await inviteAllAssociates(context.db, bulkOptions(company, staff, 2));
      // A runner that hangs after its first batch, as a process that died would: its lease holds.
      let hung = false;
      const stuck = bulkRunner({
        leaseSeconds: 60,
        betweenBatches: () => {
          hung = true;
          return new Promise(() => {});
        },
      });
      const stuckRun = stuck.runOnce();
      await waitFor(async () => hung);
      const other = bulkRunner();
      expect(await other.runOnce()).toBe(0);
      await context.db.execute(
        sql`update jobs set locked_until = now() - interval '1 second' where payload->>'batchId' = ${bulk!.batchId}`,
      );
      await workJobs(other);
      expect(await bulkJob(bulk!.batchId)).toMatchObject({ status: 'done', attempts: 2 });
      expect(await bulkProgress(bulk!.batchId)).toMatchObject({ invited: 8, batches: 5 });
      await eachInvitedOnce(invitable);
      expect(await auditsOf(company.id)).toEqual([{ invited: 8 }]);
      void stuckRun;
    });

    it('is given up at once when its club was removed meanwhile', async () => {
      const { company, staff } = await clubOf(3);
      const bulk = await inviteAllAssociates(context.db, bulkOptions(company, staff, 2));
      await context.db.delete(companies).where(eq(companies.id, company.id));
      await workJobs(bulkRunner());
      expect(await bulkJob(bulk!.batchId)).toMatchObject({ status: 'failed', attempts: 1 });
    });

    it('ends as partly sent when its retries are spent part-way: what was sent, what was not', async () => {
      const { company, staff, invitable } = await clubOf(7);
      const bulk = await inviteAllAssociates(context.db, bulkOptions(company, staff, 3));
      // Its last attempt: one more batch, then a failure it may not retry.
      await context.db.execute(
        sql`update jobs set attempts = ${maxAttempts - 1} where payload->>'batchId' = ${bulk!.batchId}`,
      );
      await workJobs(
        bulkRunner({
          betweenBatches: () => Promise.reject(new Error('the database went away')),
        }),
      );
      expect(await bulkJob(bulk!.batchId)).toMatchObject({ status: 'failed' });
      const headers = await bearerFor(context.app, staff.cpf);
      const latest = async () =>
        (await summary(headers, company.id)).json<{ latestBatch: Record<string, unknown> }>()
          .latestBatch;
      // 6 queued by two batches, the 7th never reached: failed, not pending.
      expect(await latest()).toMatchObject({ total: 7, done: 0, failed: 1, pending: 6 });
      while ((await context.app.jobs.runOnce()) > 0);
      expect(await latest()).toMatchObject({ total: 7, done: 6, failed: 1, pending: 0 });
      const reached = await Promise.all(invitable.map((member) => invitationsTo(member.id)));
      expect(reached.filter((messages) => messages.length === 1)).toHaveLength(6);
    });

    it('never invites a member twice in a day, also with two bulk invitations at once', async () => {
      const { company, staff, invitable } = await clubOf(5);
      const start = () => inviteAllAssociates(context.db, bulkOptions(company, staff, 2));
      const both = await Promise.all([start(), start()]);
      await workJobs(bulkRunner());
      const progress = await Promise.all(both.map((bulk) => bulkProgress(bulk!.batchId)));
      expect(progress.reduce((sum, result) => sum + result.invited, 0)).toBe(5);
      await eachInvitedOnce(invitable);
      expect(await start()).toBeNull();
    });
  });
});
