import { associates, openDatabase, queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { invitationBatching } from '../../src/services/invitations/queue-invitations';
import { createClubWithStaff, createTitle, staffPassword, uniqueCpf } from '../factories';
import { temporaryDirectories } from '../helper';
import { loginThrough, requestJson, startServer, type ServerProcess } from '../server-process';
import { createEmptyPostgresDatabase } from './postgres-database';

/**
 * A real API process killed (-9) in the middle of a 5 000-member bulk invitation on PostgreSQL:
 * the next process resumes it where it stopped, and each member is invited, and their message
 * settled, once. (PostgreSQL only: at this size the embedded database would hold CI's embedded
 * pass for minutes, and the jobs module's claim and lease are the same SQL on both.)
 */

const temporaryDataDir = temporaryDirectories('bulk-invitation-restart');
const members = 5_000;
const running: ServerProcess[] = [];
const cleanUps: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const server of running) await server.stop().catch(() => {});
  for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => {});
}, 120_000);

/** Runs `use` on its own connection to the scratch database, which the servers share. */
async function withDatabase<T>(url: string, use: (db: Database) => Promise<T>) {
  const database = await openDatabase({ driver: 'postgres', url, poolSize: 2 });
  try {
    await database.migrate(loadConfig({}).migrationsDir);
    return await use(database.db);
  } finally {
    await database.close();
  }
}

type Progress = { total: number; done: number; failed: number; pending: number };

async function progressThrough(url: string, token: string, companyId: string) {
  const response = await requestJson(
    `${url}/api/backoffice/associate/invitation/company/${companyId}`,
    { token },
  );
  lastSeen = response.body;
  return (response.body as { latestBatch: Progress | null }).latestBatch;
}

let lastSeen: unknown;

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 400_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(lastSeen)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('kill -9 in the middle of a bulk invitation', () => {
  it('resumes where it stopped after the restart: each member invited once, each message settled once', async () => {
    const dataDir = temporaryDataDir();
    const scratch = await createEmptyPostgresDatabase();
    cleanUps.push(scratch.drop);
    const { companyId, staffCpf } = await withDatabase(scratch.url, async (db) => {
      const { company, staff } = await createClubWithStaff(db, { name: 'Clube Grande' });
      const title = await createTitle(db, company.id);
      for (let first = 0; first < members; first += 2_000) {
        await db.insert(associates).values(
          Array.from({ length: Math.min(2_000, members - first) }, (_, index) => ({
            companyId: company.id,
            associateTitleId: title.id,
            isHolder: first + index === 0,
            cpf: uniqueCpf(),
            name: `Sócio ${first + index}`,
            cardId: String(100_000 + first + index),
            birthDate: '1990-05-10',
            email: `socio${first + index}@exemplo.com`,
          })),
        );
      }
      return { companyId: company.id, staffCpf: staff.cpf };
    });

    // No SMTP_URL: messages are kept for Mensagens, each settled by the same statement as a send.
    const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '5' };
    const first = await startServer(env);
    running.push(first);
    const token = await loginThrough(first.url, staffCpf, staffPassword);
    const started = await requestJson(
      `${first.url}/api/backoffice/associate/invitation/company/${companyId}`,
      { method: 'POST', token },
    );
    expect(started.status).toBe(202);
    // The total is every member from the start; the request itself queued the first batch.
    expect((started.body as { latestBatch: Progress }).latestBatch.total).toBe(members);
    const firstBatch = invitationBatching.first;
    // Past the request's own batch (messages beyond it settled): the job is queueing the rest
    // when the process dies.
    await waitUntil(
      async () => ((await progressThrough(first.url, token, companyId))?.done ?? 0) > firstBatch,
      'the job to queue its first batches',
    );
    first.child.kill('SIGKILL');
    await first.exited;

    await withDatabase(scratch.url, async (db) => {
      const [queued] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from outbox_messages where company_id = ${companyId}`,
      );
      expect(queued!.count).toBeGreaterThan(firstBatch);
      expect(queued!.count).toBeLessThan(members);
      // Time passes: the dead process's leases (the job's, the messages' in hand) run out.
      await db.execute(
        sql`update jobs set locked_until = now() - interval '1 second' where locked_until is not null`,
      );
      await db.execute(
        sql`update outbox_messages set sending_until = now() - interval '1 second' where sending_until is not null`,
      );
    });

    const second = await startServer(env);
    running.push(second);
    const token2 = await loginThrough(second.url, staffCpf, staffPassword);
    await waitUntil(async () => {
      const progress = await progressThrough(second.url, token2, companyId);
      return progress?.total === members && progress.pending === 0;
    }, 'every member to be invited and every message settled');
    await second.stop();

    await withDatabase(scratch.url, async (db) => {
      const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
      const [messages] = await rows<{ messages: number; members: number; kept: number }>(
        sql`select count(*)::int as messages, count(distinct associate_id)::int as members,
              (count(*) filter (where status = 'kept'))::int as kept
            from outbox_messages where kind = 'invitation' and company_id = ${companyId}`,
      );
      expect(messages).toEqual({ messages: members, members, kept: members });
      // Each member's link issued once: a batch done twice would have revoked and issued again.
      const [links] = await rows<{ links: number; revoked: number }>(
        sql`select count(*)::int as links, (count(*) filter (where revoked_at is not null))::int as revoked
            from account_links where purpose = 'invitation'`,
      );
      expect(links).toEqual({ links: members, revoked: 0 });
      // The progress counted each message settled once.
      const [batch] = await rows<{ total: number; done: number; failed: number }>(
        sql`select total, done, failed from invitation_batches where company_id = ${companyId}`,
      );
      expect(batch).toEqual({ total: members, done: members, failed: 0 });
      const audits = await rows<{ data: { invited: number } }>(
        sql`select data from audit_events where action = 'associate.invite-all' and company_id = ${companyId}`,
      );
      expect(audits.map((audit) => audit.data)).toEqual([{ invited: members }]);
      const [job] = await rows<{ status: string; attempts: number }>(
        sql`select status, attempts from jobs where name = 'invite-all-associates'`,
      );
      // Claimed by the killed process, then by the next one.
      expect(job).toEqual({ status: 'done', attempts: 2 });
    });
  }, 900_000);
});
