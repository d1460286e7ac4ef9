/**
 * The associates import's tests share one scene: a clean three-member file, the import run on
 * the test file's database, a slow file and an import paused at its batches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  associateImportRows,
  associateImports,
  associateTitles,
  associates,
  auditEvents,
} from '@clube/db';
import { completeCpf, formatCpf } from '@clube/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { importAssociates } from '../../../src/services/associates/import-associates';
import { type BuiltApp } from '../../helper';

/** A scratch folder for the test file, removed after its tests. */
export function scratchDirectory() {
  const directory = mkdtempSync(join(tmpdir(), 'clube-import-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

export const cpfs = [completeCpf('123456780'), completeCpf('223456780'), completeCpf('323456780')];
export const header = 'cpf,name,birthDate,cardId,title,isHolder,email,blocked';
export const cleanFile = [
  header,
  `${formatCpf(cpfs[0]!)},João Araújo,10/05/1980,5001,Título A,sim,joao@exemplo.com,não`,
  `${cpfs[1]},Maria Araújo,1985-02-01,5002,Título A,não,,`,
  `${cpfs[2]},"Silva, Beto",01/12/2010,5003,Título B,1,,0`,
].join('\n');

export const multipart = (fields: Record<string, string>, csv: string) => {
  const boundary = '----clube-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="socios.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return {
    payload: Buffer.from(parts.join('')),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/**
 * `cleanFile` arriving slowly: its first rows at once, its last only once the test calls
 * `finish` (the import checks a batch, then waits for the rest of its file).
 */
export function slowCleanFile() {
  let finish!: () => void;
  const rest = new Promise<void>((resolve) => (finish = resolve));
  async function* source() {
    yield Buffer.from(`${cleanFile.split('\n').slice(0, 3).join('\n')}\n`);
    await rest;
    yield Buffer.from(cleanFile.split('\n')[3]!);
  }
  return { source: source(), finish };
}

/** The helpers bound to a test file's app and database. */
export function importScene(context: BuiltApp) {
  const run = (companyId: string, text: string, options: Record<string, unknown> = {}) =>
    importAssociates(context.db, {
      companyId,
      source: Readable.from([Buffer.from(text)]),
      actorUserId: null,
      ...options,
    });

  /**
   * An import a crash stops right after its first batch (batches of one row): one member written,
   * the rest of the file still staged, the journal left `applying`.
   */
  const crashAfterFirstBatch = (companyId: string, text = cleanFile) =>
    expect(
      run(companyId, text, {
        batchSize: 1,
        onApplyBatch: () => {
          throw new Error('processo encerrado');
        },
      }),
    ).rejects.toThrow('processo encerrado');

  async function associatesOf(companyId: string) {
    return context.db
      .select({
        cardId: associates.cardId,
        name: associates.name,
        cpf: associates.cpf,
        email: associates.email,
        birthDate: associates.birthDate,
        isHolder: associates.isHolder,
        blocked: associates.blocked,
        title: associateTitles.name,
        updatedAt: associates.updatedAt,
      })
      .from(associates)
      .innerJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
      .where(eq(associates.companyId, companyId))
      .orderBy(asc(associates.cardId));
  }

  const importAudits = async (companyId: string) =>
    context.database.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, 'associate.import')));
  const journalOf = async (companyId: string) =>
    context.database.db
      .select({ id: associateImports.id, status: associateImports.status })
      .from(associateImports)
      .where(eq(associateImports.companyId, companyId));
  const stagedRows = async (importId: string) =>
    (
      await context.database.db
        .select({ total: count() })
        .from(associateImportRows)
        .where(eq(associateImportRows.importId, importId))
    )[0]!.total;
  const health = () => context.app.inject({ method: 'GET', url: '/api/health' });

  /**
   * A real import of `companyId` that stops twice until the test lets it go on: after its first
   * checked batch (`checking`, waiting for the rest of its file) and after its first written
   * batch (`writing`).
   */
  function pausedImport(companyId: string) {
    const file = slowCleanFile();
    let checked!: () => void;
    const checking = new Promise<void>((resolve) => (checked = resolve));
    let applied!: () => void;
    const writing = new Promise<void>((resolve) => (applied = resolve));
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    const done = importAssociates(context.database.db, {
      companyId,
      source: file.source,
      batchSize: 1,
      actorUserId: null,
      onProgress: () => checked(),
      onApplyBatch: async (batches) => {
        if (batches !== 1) return;
        applied();
        await resumed;
      },
    });
    return { checking, writing, done, finishChecking: file.finish, finishWriting: resume };
  }
  return {
    run,
    crashAfterFirstBatch,
    associatesOf,
    importAudits,
    journalOf,
    stagedRows,
    health,
    pausedImport,
  };
}
