import { outboxMessages, queryRows } from '@clube/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createAssociate, createClubWithStaff } from '../../factories';
import { build } from '../../helper';
import { countRoundTrips, type RoundTripCounter } from '../../round-trip-counter';
import { createOutboxSender } from '../../../src/lib/mail/outbox-sender';
import { MailDeliveryError } from '../../../src/lib/mail/transport';
import { latestBatchQuery } from '../../../src/services/invitations/get-invitation-summary';
import { inviteAllAssociates } from '../../../src/services/invitations/invite-all-associates';
import { invitationsScene, tokenIn } from './invitations-scene';

const context = build({ publicUrl: 'https://reservas.clube.test' });
const { club, freshEmail, inviteOne, inviteAll, summary, invitationsTo, bulkRunner, workJobs } =
  invitationsScene(context);
let counter: RoundTripCounter;
beforeAll(() => {
  counter = countRoundTrips();
});
afterAll(() => counter?.restore());

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
