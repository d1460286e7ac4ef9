import { jobs, queryRows } from '@clube/db';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  defineJob,
  enqueueJob,
  jobsQueue,
  PermanentJobError,
  type AnyJob,
  type Schedule,
} from '../src/lib/jobs/jobs';
import { retryDelaysSeconds } from '../src/lib/jobs/queue';
import { createJobRunner, type JobRunner } from '../src/lib/jobs/runner';
import { createClubWithStaff, bearerFor } from './factories';
import { build } from './helper';

/** The jobs module: named jobs with checked payloads, schedules, and who wakes the runner. */
const context = build({}, { runJobs: true });
afterEach(async () => {
  await context.db.delete(jobs);
});

const silent = { info() {}, warn() {}, error() {} };
const runnerOf = (list: AnyJob[], schedules: Schedule[] = []): JobRunner =>
  createJobRunner(context.db, {
    log: silent,
    queues: [jobsQueue({ jobs: list, schedules })],
  });

const rowsOf = (name: string) =>
  queryRows<{ status: string; attempts: number; last_error: string | null; next_in: number }>(
    context.db,
    sql`select status, attempts, last_error,
          extract(epoch from next_attempt_at - now())::int as next_in
        from jobs where name = ${name} order by created_at`,
  );

describe('a job', () => {
  it('runs once with its checked payload, only if the transaction that queued it committed', async () => {
    const seen: string[] = [];
    const greet = defineJob({
      name: 'test-greet',
      payload: z.object({ who: z.string() }),
      handle: async ({ who }) => void seen.push(who),
    });
    await context.db.transaction(async (tx) => {
      await enqueueJob(tx, greet, { who: 'Ana' });
    });
    await expect(
      context.db.transaction(async (tx) => {
        await enqueueJob(tx, greet, { who: 'Bruno' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // A payload that does not fit is refused when queued.
    await expect(enqueueJob(context.db, greet, { who: 3 } as never)).rejects.toThrow();

    const runner = runnerOf([greet as AnyJob]);
    expect(await runner.runOnce()).toBe(1);
    expect(await runner.runOnce()).toBe(0);
    expect(seen).toEqual(['Ana']);
    expect(await rowsOf('test-greet')).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('is tried again after the backoff when it fails, and given up at once when it cannot succeed', async () => {
    let calls = 0;
    const flaky = defineJob({
      name: 'test-flaky',
      payload: z.object({}),
      async handle() {
        calls += 1;
        if (calls === 1) throw new Error('the service is down');
      },
    });
    const doomed = defineJob({
      name: 'test-doomed',
      payload: z.object({}),
      async handle() {
        throw new PermanentJobError('the row is gone');
      },
    });
    await enqueueJob(context.db, flaky, {});
    await enqueueJob(context.db, doomed, {});
    const runner = runnerOf([flaky as AnyJob, doomed as AnyJob]);
    await runner.runOnce();
    const [waiting] = await rowsOf('test-flaky');
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'the service is down',
    });
    expect(waiting!.next_in).toBeGreaterThan(retryDelaysSeconds[0] - 5);
    expect(await rowsOf('test-doomed')).toMatchObject([
      { status: 'failed', attempts: 1, last_error: 'the row is gone' },
    ]);
    // Not due yet: nothing is claimed.
    expect(await runner.runOnce()).toBe(0);
    await context.db.execute(
      sql`update jobs set next_attempt_at = now() where name = 'test-flaky'`,
    );
    expect(await runner.runOnce()).toBe(1);
    expect(await rowsOf('test-flaky')).toMatchObject([{ status: 'done', attempts: 2 }]);
    expect(runner.counters().job).toEqual({ claimed: 3, done: 1, retried: 1, failed: 1 });
  });

  it('whose stored payload no longer fits is given up, not retried', async () => {
    const strict = defineJob({
      name: 'test-strict',
      payload: z.object({ count: z.number() }),
      handle: async () => {},
    });
    await context.db.insert(jobs).values({ name: 'test-strict', payload: { count: 'many' } });
    await runnerOf([strict as AnyJob]).runOnce();
    expect(await rowsOf('test-strict')).toMatchObject([{ status: 'failed', attempts: 1 }]);
  });

  it('of a name this process does not know is left for a process that does', async () => {
    await context.db.insert(jobs).values({ name: 'test-from-a-newer-version' });
    expect(await runnerOf([]).runOnce()).toBe(0);
    expect(await rowsOf('test-from-a-newer-version')).toMatchObject([
      { status: 'pending', attempts: 0 },
    ]);
  });
});

describe('a schedule', () => {
  it('runs once per period, whatever the number of processes looking', async () => {
    let runs = 0;
    const sweep = defineJob({
      name: 'test-sweep',
      payload: z.object({}),
      handle: async () => void (runs += 1),
    });
    const schedules = [{ job: sweep as AnyJob, everySeconds: 3600 }];
    const processes = [runnerOf([], schedules), runnerOf([], schedules), runnerOf([], schedules)];
    await Promise.all(processes.map((runner) => runner.runOnce()));
    await Promise.all(processes.map((runner) => runner.runOnce()));
    expect(runs).toBe(1);
    expect(await rowsOf('test-sweep')).toMatchObject([{ status: 'done' }]);
  });
});

describe('waking the runner', () => {
  it('is done after every write request answered, never by a route', async () => {
    const wake = vi.spyOn(context.app.jobs, 'wake');
    const { company, staff } = await createClubWithStaff(context.db);
    const headers = await bearerFor(context.app, staff.cpf);
    wake.mockClear();
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/company/${company.id}`,
      headers,
    });
    expect(read.statusCode).toBe(200);
    expect(wake).not.toHaveBeenCalled();
    const refused = await context.app.inject({
      method: 'POST',
      url: `/api/backoffice/associate/invitation/company/${crypto.randomUUID()}`,
      headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(wake).not.toHaveBeenCalled();
    const written = await context.app.inject({
      method: 'POST',
      url: `/api/backoffice/associate/invitation/company/${company.id}`,
      headers,
    });
    expect(written.statusCode).toBe(202);
    expect(wake).toHaveBeenCalledTimes(1);
    wake.mockRestore();

    const routesRoot = join(import.meta.dirname, '..', 'src', 'routes');
    const routeFiles = readdirSync(routesRoot, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts'),
    );
    const waking = routeFiles.filter((file) =>
      /\.(jobs|outbox)\.(wake|runOnce)\(/.test(readFileSync(join(routesRoot, file), 'utf8')),
    );
    expect(waking).toEqual([]);
  });
});

describe('the background work for the operator', () => {
  it('shows each queue’s depth, the jobs given up and what this process did', async () => {
    const stuck = defineJob({ name: 'test-later', payload: z.object({}), handle: async () => {} });
    await enqueueJob(context.db, stuck, {});
    await enqueueJob(context.db, stuck, {}, { delaySeconds: 3600 });
    await context.db.insert(jobs).values({ name: 'test-gone', status: 'failed' });
    const response = await context.app.inject({ method: 'GET', url: '/api/health/jobs' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The app's own runner may have queued a schedule's job meanwhile: at least ours is due.
    expect(body.queues.job).toMatchObject({ later: 1, failed: 1 });
    expect(body.queues.job.due).toBeGreaterThanOrEqual(1);
    expect(body.queues.message).toMatchObject({ due: expect.any(Number) });
    expect(Object.keys(body.process).sort()).toEqual(['job', 'message']);
  });
});
