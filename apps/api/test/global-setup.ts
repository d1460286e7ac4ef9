import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createScratchDatabase,
  dropScratchDatabase,
  dumpPglite,
  openDatabase,
  scratchDatabaseNames,
} from '@clube/db';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database's dump each file loads (none with DATABASE_URL). */
    pgliteTemplate: string | undefined;
    /** The migrated PostgreSQL database each file copies (none without DATABASE_URL). */
    postgresTemplate: string | undefined;
  }
}

/**
 * Migrate one database per run that every test file starts from. Embedded: a dump of a migrated
 * PGlite that each file loads (~4× faster than creating and migrating a new one; ./recycled-
 * pglite.ts then hands it on from file to file). With DATABASE_URL: a migrated PostgreSQL
 * database that every file copies (`create database … template`, milliseconds instead of the
 * migrations); the files that test the embedded database itself do not run then (see
 * ../vitest.config.ts).
 *
 * Vitest calls this once per project of the run (../vitest.config.ts has two, and the root
 * counts too): the first call makes the template, the others share it, the last one done
 * removes it.
 */
export default async function setup(project: TestProject) {
  const run = globalThis as { [sharedTemplates]?: Promise<Templates> };
  run[sharedTemplates] ??= makeTemplates();
  const templates = await run[sharedTemplates];
  templates.users += 1;
  project.provide('pgliteTemplate', templates.pgliteTemplate);
  project.provide('postgresTemplate', templates.postgresTemplate);
  return async () => {
    templates.users -= 1;
    if (templates.users > 0) return;
    delete run[sharedTemplates];
    await templates.remove();
  };
}

const sharedTemplates = Symbol.for('clube.test.templates');

type Templates = {
  pgliteTemplate: string | undefined;
  postgresTemplate: string | undefined;
  remove: () => Promise<void>;
  /** The projects using them. */
  users: number;
};

async function makeTemplates(): Promise<Templates> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const postgres = await createPostgresTemplate(serverUrl);
    return {
      pgliteTemplate: undefined,
      postgresTemplate: postgres.name,
      remove: () => postgres.drop(),
      users: 0,
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'clube-test-'));
  const template = join(directory, 'template.tar');
  const database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
  await database.migrate(loadConfig({}).migrationsDir);
  const dump = await dumpPglite(database);
  writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return {
    pgliteTemplate: template,
    postgresTemplate: undefined,
    remove: async () => rmSync(directory, { recursive: true, force: true }),
    users: 0,
  };
}

/**
 * The run's template on PostgreSQL, named `<prefix>_template_<pid>_<random>` so that runs side by
 * side on one server keep their own and a run's left-over (killed before its teardown) is dropped
 * by the next one once its process is gone. Closed once migrated: PostgreSQL copies a database
 * only while nobody is connected to it.
 */
async function createPostgresTemplate(serverUrl: string) {
  const prefix = `${process.env.TEST_DATABASE_PREFIX ?? 'clube_test'}_template_`;
  for (const name of await scratchDatabaseNames(serverUrl, prefix)) {
    const pid = Number(name.slice(prefix.length).split('_')[0]);
    if (Number.isInteger(pid) && !isRunning(pid)) await dropScratchDatabase(serverUrl, name);
  }
  const scratch = await createScratchDatabase(serverUrl, `${prefix}${process.pid}`);
  const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 1 });
  try {
    await database.migrate(loadConfig({}).migrationsDir);
  } finally {
    await database.close();
  }
  return scratch;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
