import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatCpf } from '@clube/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config';
import { freshAddress, uniqueCpf } from './factories';
import { createTestApp, temporaryDirectories, type TestContext } from './helper';

/**
 * Readiness reports the process — its database answers, holds this version's migrations, and its
 * queue gives turns — never one flow's own backlog: a load balancer must not drop a healthy
 * process because one client floods it.
 */

const scratchDirectory = temporaryDirectories('health');

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function appWith(overrides: Partial<Config>) {
  context = await createTestApp(overrides);
  return context.app;
}

const ready = () => context!.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready', () => {
  it('stays ready while a flood of anonymous sign-ins from many addresses waits past the limit', async () => {
    const app = await appWith({ requestConcurrency: 1, requestQueueMaxWaitMs: 1500 });
    expect((await ready()).statusCode).toBe(200);
    const flood: Array<Promise<unknown>> = [];
    // Sign-ins from new addresses, faster than one turn works them, until the oldest has waited
    // past the limit: that flow's backlog, while turns keep being given.
    while (app.admission.oldestWait() <= app.admission.maxWaitMs) {
      for (let index = 0; index < 2; index += 1)
        flood.push(
          app.inject({
            method: 'POST',
            url: '/api/portal/auth/login',
            payload: { cpf: formatCpf(uniqueCpf()), password: 'errada' },
            remoteAddress: freshAddress(),
          }),
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await ready();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'ready' });
    await Promise.all(flood);
  });

  it('answers 503 MigrationsPending when the database lacks a migration this version has', async () => {
    const migrationsDir = scratchDirectory();
    const known = loadConfig({}).migrationsDir;
    cpSync(known, migrationsDir, { recursive: true });
    const journalPath = join(migrationsDir, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: Array<{ when: number; tag: string; idx: number }>;
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: 'next' });
    writeFileSync(journalPath, JSON.stringify(journal));
    await appWith({ migrationsDir });
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ error: 'MigrationsPending' });
  });
});
