import { accountLinks, auditEvents, companies, outboxMessages, queryRows } from '@clube/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createAssociate,
  createClubWithStaff,
  createUser,
  freshAddress,
} from '../../factories';
import { build } from '../../helper';
import { countRoundTrips, type RoundTripCounter } from '../../round-trip-counter';
import { createOutboxSender } from '../../../src/lib/mail/outbox-sender';
import { MailDeliveryError } from '../../../src/lib/mail/transport';
import { latestBatchQuery } from '../../../src/services/invitations/get-invitation-summary';
import { jobsQueue } from '../../../src/lib/jobs/jobs';
import { maxAttempts } from '../../../src/lib/jobs/queue';
import { createJobRunner, type JobRunner } from '../../../src/lib/jobs/runner';
import {
  bulkInvitationJob,
  inviteAllAssociates,
  type BulkInvitationJobOptions,
} from '../../../src/services/invitations/invite-all-associates';
import {
  invitationBatching,
  nextBatchSize,
} from '../../../src/services/invitations/queue-invitations';

/** Invitations to the members' portal: to one member from their page, and to all at once. */
const context = build({ publicUrl: 'https://reservas.clube.test' });
let counter: RoundTripCounter;
beforeAll(() => {
  counter = countRoundTrips();
});
afterAll(() => counter?.restore());

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
    .where(and(eq(outboxMessages.associateId, associateId), eq(outboxMessages.kind, 'invitation')));

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

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function tokenIn(text: string): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

describe('the invitation to one member', () => {
  it('mails a first-access link, in Portuguese HTML and text, that sets the password once', async () => {
    const { company, headers } = await club('Clube & Cia');
    const member = await createAssociate(context.db, company.id, {
      name: 'Zé<b> Carvalho',
      email: ` ${freshEmail()} `,
    });
    const response = await inviteOne(headers, member.id);
    expect(response.statusCode, response.body).toBe(202);

    const [message] = await invitationsTo(member.id);
    expect(message!.recipient).toBe(member.email!.trim());
    expect(message!.subject).toBe('Convite para o portal do associado — Clube & Cia');
    expect(message!.textBody).toContain('Olá, Zé<b>!');
    expect(message!.textBody).toContain('O Clube & Cia agora tem um portal do associado');
    expect(message!.htmlBody).toContain('Olá, Zé&lt;b&gt;!');
    expect(message!.htmlBody).toContain('Clube &amp; Cia');
    expect(message!.htmlBody).not.toContain('<b>');
    expect(message!.textBody).toContain('O link vale por 7 dias');
    const token = tokenIn(message!.textBody);
    expect(message!.textBody).toContain(
      `https://reservas.clube.test/portal/acesso/senha#token=${token}`,
    );
    expect(message!.htmlBody).toContain(`#token=${token}`);
    expect(token).toHaveLength(43);

    const [link] = await context.db
      .select({
        purpose: accountLinks.purpose,
        days: sql<number>`extract(epoch from ${accountLinks.expiresAt} - now()) / 86400`,
      })
      .from(accountLinks)
      .where(eq(accountLinks.associateId, member.id));
    expect(link!.purpose).toBe('invitation');
    expect(Number(link!.days)).toBeGreaterThan(6.9);

    const redeem = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/portal/auth/access-link/redeem',
        payload: { token, newPassword: 'minha-senha-nova' },
        remoteAddress: freshAddress(),
      });
    expect((await redeem()).statusCode).toBe(200);
    expect((await redeem()).statusCode).toBe(410);

    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, member.id), eq(auditEvents.action, 'associate.invite')));
    expect(audit).toBeDefined();
  });

  it('goes at most once a day to the same member', async () => {
    const { company, headers } = await club();
    const member = await createAssociate(context.db, company.id, { email: freshEmail() });
    expect((await inviteOne(headers, member.id)).statusCode).toBe(202);
    const again = await inviteOne(headers, member.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'InvitationAlreadySentToday' });
    expect(await invitationsTo(member.id)).toHaveLength(1);
  });

  it('refuses a member without an e-mail, one with a portal password, and another club’s', async () => {
    const { company, headers } = await club();
    const withoutEmail = await createAssociate(context.db, company.id, { email: '  ' });
    const withPassword = await createAssociate(context.db, company.id, {
      email: freshEmail(),
      password: 'senha-do-socio',
    });
    const other = await club('Outro Clube');
    const ofOtherClub = await createAssociate(context.db, other.company.id, {
      email: freshEmail(),
    });
    const noEmail = await inviteOne(headers, withoutEmail.id);
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toMatchObject({ error: 'AssociateWithoutEmail' });
    const hasPassword = await inviteOne(headers, withPassword.id);
    expect(hasPassword.statusCode).toBe(409);
    expect(hasPassword.json()).toMatchObject({ error: 'AssociateHasPortalPassword' });
    expect((await inviteOne(headers, ofOtherClub.id)).statusCode).toBe(404);
    expect(await invitationsTo(ofOtherClub.id)).toHaveLength(0);
  });

  it('is for those who may set a member’s password: not Consulta', async () => {
    const { company } = await club();
    const member = await createAssociate(context.db, company.id, { email: freshEmail() });
    const reader = await createUser(context.db, { name: 'Consulta' });
    await addStaff(context.db, company.id, reader.id, 'consulta');
    const response = await inviteOne(await bearerFor(context.app, reader.cpf), member.id);
    expect(response.statusCode).toBe(403);
    expect(await invitationsTo(member.id)).toHaveLength(0);
  });
});

describe('the invitation to every member without a password', () => {
  it('reaches each member with an e-mail and no password once a day, and shows its progress', async () => {
    const { company, headers } = await club();
    const invitable = await Promise.all(
      [1, 2, 3].map(() => createAssociate(context.db, company.id, { email: freshEmail() })),
    );
    const withoutEmail = await createAssociate(context.db, company.id, { email: null });
    const withPassword = await createAssociate(context.db, company.id, {
      email: freshEmail(),
      password: 'senha-do-socio',
    });
    // Invited from their page this morning: not again today.
    expect((await inviteOne(headers, invitable[0]!.id)).statusCode).toBe(202);

    const before = await summary(headers, company.id);
    expect(before.json()).toEqual({ eligible: 2, latestBatch: null });

    const sent = await inviteAll(headers, company.id);
    expect(sent.statusCode, sent.body).toBe(202);
    // While it is sent, the members are not counted again on every look at the progress.
    expect(sent.json()).toMatchObject({
      eligible: null,
      latestBatch: { total: 2, done: 0, failed: 0, pending: 2 },
    });
    for (const member of invitable) expect(await invitationsTo(member.id)).toHaveLength(1);
    expect(await invitationsTo(withoutEmail.id)).toHaveLength(0);
    expect(await invitationsTo(withPassword.id)).toHaveLength(0);
    // Each member's own link.
    const tokens = (
      await Promise.all(invitable.map(async (member) => (await invitationsTo(member.id))[0]!))
    ).map((message) => tokenIn(message.textBody));
    expect(new Set(tokens).size).toBe(3);

    while ((await context.app.jobs.runOnce()) > 0);
    const after = await summary(headers, company.id);
    expect(after.json()).toMatchObject({
      eligible: 0,
      latestBatch: { total: 2, done: 2, pending: 0 },
    });

    // The same day again: nobody is left, nothing is queued twice.
    const again = await inviteAll(headers, company.id);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ eligible: 0, latestBatch: { total: 2 } });
    for (const member of invitable) expect(await invitationsTo(member.id)).toHaveLength(1);
  });

  it('is queued in the same few round trips for 3 members as for 40', async () => {
    const roundTripsFor = async (members: number) => {
      const { company, headers } = await club();
      for (let index = 0; index < members; index += 1) {
        await createAssociate(context.db, company.id, { email: freshEmail() });
      }
      let response: Awaited<ReturnType<typeof inviteAll>> | undefined;
      const trips = await counter.count(async () => {
        response = await inviteAll(headers, company.id);
      });
      expect(response!.json()).toMatchObject({ latestBatch: { total: members } });
      return trips;
    };
    const few = await roundTripsFor(3);
    const many = await roundTripsFor(40);
    expect(many).toBe(few);
    // The session check, the club, the one batch's statement, its audit, then the summary's read
    // of the batch (the members are not counted while it is sent).
    expect(many).toBeLessThanOrEqual(6);
  });

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

  describe('its progress, kept on the batch', () => {
    const silent = { info() {}, warn() {}, error() {} };

    /** What the messages of the batch say, counted one by one. */
    async function realCounts(batchId: string) {
      const rows = await context.db
        .select({ status: outboxMessages.status, count: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(eq(outboxMessages.batchId, batchId))
        .groupBy(outboxMessages.status);
      const of = (...statuses: string[]) =>
        rows
          .filter((row) => statuses.includes(row.status))
          .reduce((sum, row) => sum + row.count, 0);
      return {
        total: of('pending', 'sent', 'kept', 'failed'),
        done: of('sent', 'kept'),
        failed: of('failed'),
        pending: of('pending'),
      };
    }

    async function invitedClub(members: number) {
      const { company, staff } = await createClubWithStaff(context.db, { name: 'Clube Grande' });
      const invitable = [];
      for (let index = 0; index < members; index += 1) {
        invitable.push(await createAssociate(context.db, company.id, { email: freshEmail() }));
      }
      const bulk = await inviteAllAssociates(context.db, {
        companyId: company.id,
        actorUserId: staff.id,
        publicUrl: 'https://reservas.clube.test',
        batchSize: 2,
      });
      await workJobs(bulkRunner());
      return { company, headers: await bearerFor(context.app, staff.cpf), bulk: bulk! };
    }

    it('equals the real counts of its messages after queueing, sending and failures', async () => {
      const { company, headers, bulk } = await invitedClub(5);
      const progress = async () =>
        (await summary(headers, company.id)).json<{ latestBatch: Record<string, unknown> }>()
          .latestBatch;
      // Queued in three statements: the total of all three.
      expect(await realCounts(bulk.batchId)).toEqual({ total: 5, done: 0, failed: 0, pending: 5 });
      expect(await progress()).toMatchObject({ ...(await realCounts(bulk.batchId)) });

      const messages = await context.db
        .select({ recipient: outboxMessages.recipient })
        .from(outboxMessages)
        .where(eq(outboxMessages.batchId, bulk.batchId));
      const [refused, later] = messages.map((message) => message.recipient);
      // One address refused for good, one for now (tried again later), the others accepted.
      const sender = createOutboxSender(context.db, {
        transport: {
          kind: 'smtp',
          close() {},
          async send(mail) {
            if (mail.to === refused) throw new MailDeliveryError('550 no such user', true);
            if (mail.to === later) throw new MailDeliveryError('421 try again later', false);
          },
        },
        log: silent,
      });
      while ((await sender.runOnce()) > 0);
      expect(await realCounts(bulk.batchId)).toEqual({ total: 5, done: 3, failed: 1, pending: 1 });
      expect(await progress()).toMatchObject({ ...(await realCounts(bulk.batchId)) });

      // The one tried again later: accepted this time, once.
      await context.db
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(and(eq(outboxMessages.batchId, bulk.batchId), eq(outboxMessages.status, 'pending')));
      while ((await context.app.jobs.runOnce()) > 0);
      expect(await realCounts(bulk.batchId)).toEqual({ total: 5, done: 4, failed: 1, pending: 0 });
      expect(await progress()).toMatchObject({ ...(await realCounts(bulk.batchId)) });
    });

    it('is read from one row of one table, whatever the number of members', async () => {
      /** Every table the read of the progress touches, and the most rows any step of it read. */
      const planOf = async (companyId: string) => {
        const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
          context.db,
          sql`explain (analyze, format json) ${latestBatchQuery(companyId)}`,
        );
        const plan = row!['QUERY PLAN'];
        const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
          Plan: PlanNode;
        }>;
        type PlanNode = {
          'Relation Name'?: string;
          'Actual Rows': number;
          Plans?: PlanNode[];
        };
        const nodes: PlanNode[] = [];
        const walk = (node: PlanNode) => {
          nodes.push(node);
          node.Plans?.forEach(walk);
        };
        walk(root[0]!.Plan);
        return {
          tables: [...new Set(nodes.flatMap((node) => node['Relation Name'] ?? []))],
          mostRows: Math.max(...nodes.map((node) => node['Actual Rows'])),
        };
      };
      const small = await invitedClub(3);
      const large = await invitedClub(40);
      expect(await planOf(large.company.id)).toEqual({
        tables: ['invitation_batches'],
        mostRows: 1,
      });
      expect(await planOf(small.company.id)).toEqual(await planOf(large.company.id));
    });
  });
});
