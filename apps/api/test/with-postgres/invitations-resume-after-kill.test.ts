import { openDatabase, queryRows, type Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createClubWithStaff, createTitle, staffPassword } from '../factories';
import { temporaryDirectories } from '../helper';
import { loginThrough, requestJson, startServer, type ServerProcess } from '../server-process';
import { createEmptyPostgresDatabase } from './postgres-database';

/**
 * A real API process killed (-9) in the middle of a 50 000-member bulk invitation on PostgreSQL,
 * while the job's statement queueing a batch runs: the next process resumes it where it stopped,
 * and each member is invited, and their message settled, exactly once. (PostgreSQL only: at this
 * size the embedded database would hold CI's embedded pass for minutes, and the jobs module's
 * claim and lease are the same SQL on both.)
 */

const temporaryDataDir = temporaryDirectories('bulk-invitation-restart');
const members = 50_000;
const running: ServerProcess[] = [];
const cleanUps: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const server of running) await server.stop().catch(() => {});
  for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => {});
}, 120_000);

/** An open connection to the scratch database (migrated), which the servers share. */
async function connect(url: string) {
  const database = await openDatabase({ driver: 'postgres', url, poolSize: 2 });
  await database.migrate(loadConfig({}).migrationsDir);
  return database;
}

const one = async <T>(db: Database, query: SQL) => (await queryRows<T>(db, query))[0]!;

/**
 * `members` members of the club, written by one statement: card numbers 100000…, one e-mail each,
 * and valid CPFs (check digits computed as `is_valid_cpf` checks them).
 */
const insertMembers = (companyId: string, titleId: string) => sql`
  insert into associates (company_id, associate_title_id, is_holder, cpf, name, card_id, birth_date, email)
  select ${companyId}::uuid, ${titleId}::uuid, n = 0, b.base || d1.digit || d2.digit,
    'Sócio ' || n, (100000 + n)::text, date '1990-05-10', 'socio' || n || '@exemplo.com'
  from generate_series(0, ${members - 1}::int) n
  cross join lateral (select (100000000 + n)::text as base) b
  cross join lateral (
    select (sum(substr(b.base, i, 1)::int * (11 - i)) * 10 % 11) % 10 as digit
    from generate_series(1, 9) i
  ) d1
  cross join lateral (
    select ((sum(substr(b.base, i, 1)::int * (12 - i)) + d1.digit * 2) * 10 % 11) % 10 as digit
    from generate_series(1, 9) i
  ) d2`;

type Progress = { total: number; done: number; failed: number; pending: number };

let lastSeen: unknown;

async function progressThrough(url: string, token: string, companyId: string) {
  const response = await requestJson(
    `${url}/api/backoffice/associate/invitation/company/${companyId}`,
    { token },
  );
  lastSeen = response.body;
  return (response.body as { latestBatch: Progress | null }).latestBatch;
}

async function waitUntil(
  condition: () => Promise<boolean>,
  what: string,
  options: { timeoutMs?: number; everyMs?: number } = {},
) {
  const { timeoutMs = 1_500_000, everyMs = 200 } = options;
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(lastSeen)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Where the bulk invitation's job stands (the members its saved progress counts), whether the
 * sender holds messages it claimed, and whether a server's statement queueing one of the job's
 * batches is running at this moment.
 */
const jobState = sql`select
    (select (payload->>'invited')::int from jobs where name = 'invite-all-associates') as invited,
    exists (select 1 from outbox_messages
      where status = 'pending' and sending_until is not null) as messages_held,
    exists (select 1 from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
        and query like 'with targets as materialized%') as batch_running`;

describe('kill -9 in the middle of a 50 000-member bulk invitation', () => {
  it('resumes where it stopped after the restart: each member invited once, each message settled once', async () => {
    const dataDir = temporaryDataDir();
    const scratch = await createEmptyPostgresDatabase();
    cleanUps.push(scratch.drop);
    const watcher = await connect(scratch.url);
    cleanUps.push(() => watcher.close());
    const db = watcher.db;
    const { company, staff } = await createClubWithStaff(db, { name: 'Clube Grande' });
    const title = await createTitle(db, company.id);
    await db.execute(insertMembers(company.id, title.id));
    await db.execute(sql`analyze`);
    const companyId = company.id;

    // No SMTP_URL: messages are kept for Mensagens, each settled by the same statement as a send.
    const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '5' };
    // Its connections are named, to tell when the server has ended the last of them.
    const firstName = 'invitations-first-process';
    const first = await startServer({ ...env, PGAPPNAME: firstName });
    running.push(first);
    const token = await loginThrough(first.url, staff.cpf, staffPassword);
    const started = await requestJson(
      `${first.url}/api/backoffice/associate/invitation/company/${companyId}`,
      { method: 'POST', token },
    );
    expect(started.status).toBe(202);
    // The total is every member from the start; the request itself queued the first batch.
    expect((started.body as { latestBatch: Progress }).latestBatch.total).toBe(members);

    // Killed while the job's statement for a batch runs and the sender holds messages it claimed,
    // a fifth of the members or more queued.
    await waitUntil(
      async () => {
        const state = await one<{
          invited: number | null;
          messages_held: boolean;
          batch_running: boolean;
        }>(db, jobState);
        lastSeen = state;
        return (state.invited ?? 0) >= members / 5 && state.messages_held && state.batch_running;
      },
      'a batch of the job to be running and messages in hand, a fifth of the members queued',
      { everyMs: 1 },
    );
    first.child.kill('SIGKILL');
    await first.exited;
    // A statement the process had sent still runs to its end on the server (and may commit, as
    // after any crash): what the dead process left is read once its connections are gone.
    await waitUntil(async () => {
      const { left } = await one<{ left: number }>(
        db,
        sql`select count(*)::int as left from pg_stat_activity where application_name = ${firstName}`,
      );
      return left === 0;
    }, "the killed process's connections to end");

    const atKill = await one<{ queued: number; saved: number; settled: number; held: string[] }>(
      db,
      sql`select count(*)::int as queued,
          (select (payload->>'invited')::int from jobs where name = 'invite-all-associates') as saved,
          (count(*) filter (where status = 'kept'))::int as settled,
          coalesce(array_agg(id::text) filter (where status = 'pending' and sending_until is not null), '{}') as held
        from outbox_messages where company_id = ${companyId}`,
    );
    expect(atKill.queued).toBeGreaterThanOrEqual(members / 5);
    expect(atKill.queued).toBeLessThan(members);
    // The job's saved progress is exactly what its batches queued: the batch in the statement
    // the kill cut committed whole with its progress, or not at all.
    expect(atKill.saved).toBe(atKill.queued);
    expect(atKill.settled).toBeLessThan(atKill.queued);
    // Time passes: the dead process's leases (the job's, the messages' in hand) run out.
    await db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where locked_until is not null`,
    );
    await db.execute(
      sql`update outbox_messages set sending_until = now() - interval '1 second' where sending_until is not null`,
    );

    const second = await startServer(env);
    running.push(second);
    const token2 = await loginThrough(second.url, staff.cpf, staffPassword);
    await waitUntil(async () => {
      const progress = await progressThrough(second.url, token2, companyId);
      return progress?.total === members && progress.pending === 0;
    }, 'every member to be invited and every message settled');
    await second.stop();

    const rows = <T>(query: SQL) => queryRows<T>(db, query);
    // Each member has exactly one invitation, kept once (none missing, none twice).
    const perMember = await one<{ members: number; once: number; messages: number; kept: number }>(
      db,
      sql`select count(*)::int as members, (count(*) filter (where n = 1))::int as once,
            sum(n)::int as messages, sum(kept)::int as kept
          from (
            select a.id, count(m.id) as n, count(m.id) filter (where m.status = 'kept') as kept
            from associates a
            left join outbox_messages m on m.associate_id = a.id and m.kind = 'invitation'
            where a.company_id = ${companyId}
            group by a.id
          ) each_member`,
    );
    expect(perMember).toEqual({ members, once: members, messages: members, kept: members });
    // Each member's link issued once: a batch done twice would have revoked and issued again.
    const links = await one<{ links: number; members: number; revoked: number }>(
      db,
      sql`select count(*)::int as links, count(distinct associate_id)::int as members,
            (count(*) filter (where revoked_at is not null))::int as revoked
          from account_links where purpose = 'invitation'`,
    );
    expect(links).toEqual({ links: members, members, revoked: 0 });
    // The progress counted each message settled once.
    const batch = await one<{ total: number; done: number; failed: number }>(
      db,
      sql`select total, done, failed from invitation_batches where company_id = ${companyId}`,
    );
    expect(batch).toEqual({ total: members, done: members, failed: 0 });
    const audits = await rows<{ data: { invited: number } }>(
      sql`select data from audit_events where action = 'associate.invite-all' and company_id = ${companyId}`,
    );
    expect(audits.map((audit) => audit.data)).toEqual([{ invited: members }]);
    const job = await one<{ status: string; attempts: number }>(
      db,
      sql`select status, attempts from jobs where name = 'invite-all-associates'`,
    );
    // Claimed by the killed process, then by the next one.
    expect(job).toEqual({ status: 'done', attempts: 2 });
    // The messages the killed process held (claimed, not settled): claimed again, settled once.
    const held = await rows<{ status: string; attempts: number }>(
      sql`select status, attempts from outbox_messages where id = any(string_to_array(${atKill.held.join(',')}, ',')::uuid[])`,
    );
    expect(held).toEqual(atKill.held.map(() => ({ status: 'kept', attempts: 2 })));
  }, 1_800_000);
});
