import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  importAssociates,
  resumeAssociateImports,
} from '../../../src/services/associates/import-associates';
import {
  bearerFor,
  createAssociate,
  createClubWithStaff,
  createClubWithBearer,
} from '../../factories';
import { build } from '../../helper';

const context = build();
const directory = mkdtempSync(join(tmpdir(), 'clube-import-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const cpfs = [completeCpf('123456780'), completeCpf('223456780'), completeCpf('323456780')];
const header = 'cpf,name,birthDate,cardId,title,isHolder,email,blocked';
const cleanFile = [
  header,
  `${formatCpf(cpfs[0]!)},João Araújo,10/05/1980,5001,Título A,sim,joao@exemplo.com,não`,
  `${cpfs[1]},Maria Araújo,1985-02-01,5002,Título A,não,,`,
  `${cpfs[2]},"Silva, Beto",01/12/2010,5003,Título B,1,,0`,
].join('\n');

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

const multipart = (fields: Record<string, string>, csv: string) => {
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
function slowCleanFile() {
  let finish!: () => void;
  const rest = new Promise<void>((resolve) => (finish = resolve));
  async function* source() {
    yield Buffer.from(`${cleanFile.split('\n').slice(0, 3).join('\n')}\n`);
    await rest;
    yield Buffer.from(cleanFile.split('\n')[3]!);
  }
  return { source: source(), finish };
}

describe('importAssociates', () => {
  it('imports a clean file, creating titles and associates', async () => {
    const { company } = await createClubWithStaff(context.db);
    const report = await run(company.id, cleanFile);
    expect(report).toMatchObject({
      applied: true,
      total: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      titlesCreated: 2,
      errors: [],
    });
    const rows = await associatesOf(company.id);
    expect(rows.map(({ updatedAt: _updatedAt, ...row }) => row)).toEqual([
      {
        cardId: '5001',
        name: 'João Araújo',
        cpf: cpfs[0],
        email: 'joao@exemplo.com',
        birthDate: '1980-05-10',
        isHolder: true,
        blocked: false,
        title: 'Título A',
      },
      {
        cardId: '5002',
        name: 'Maria Araújo',
        cpf: cpfs[1],
        email: null,
        birthDate: '1985-02-01',
        isHolder: false,
        blocked: false,
        title: 'Título A',
      },
      {
        cardId: '5003',
        name: 'Silva, Beto',
        cpf: cpfs[2],
        email: null,
        birthDate: '2010-12-01',
        isHolder: true,
        blocked: false,
        title: 'Título B',
      },
    ]);
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, company.id), eq(auditEvents.action, 'associate.import')),
      );
    expect(audit!.data).toMatchObject({ created: 3, rejected: 0 });
  });

  it('re-importing the same file changes nothing; a changed row updates only that row', async () => {
    const { company } = await createClubWithStaff(context.db);
    await run(company.id, cleanFile);
    const before = await associatesOf(company.id);
    const again = await run(company.id, cleanFile);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, titlesCreated: 0 });
    expect(await associatesOf(company.id)).toEqual(before);

    const changed = cleanFile
      .replace(
        'Maria Araújo,1985-02-01,5002,Título A,não',
        'Maria A. Souza,1985-02-01,5002,Título C,não',
      )
      .replace('01/12/2010,5003,Título B,1,,0', '01/12/2010,5003,Título B,1,,sim');
    const report = await run(company.id, changed);
    expect(report).toMatchObject({ created: 0, updated: 2, unchanged: 1, titlesCreated: 1 });
    const after = await associatesOf(company.id);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ name: 'Maria A. Souza', title: 'Título C' });
    expect(after[2]).toMatchObject({ blocked: true });
  });

  it('reads semicolons and a UTF-8 BOM', async () => {
    const { company } = await createClubWithStaff(context.db);
    const text = `\uFEFF${cleanFile.replaceAll(',', ';').replace('"Silva; Beto"', '"Silva, Beto"')}`;
    const report = await run(company.id, text.replaceAll('\n', '\r\n'));
    expect(report).toMatchObject({ applied: true, created: 3, rejected: 0 });
    expect((await associatesOf(company.id)).map((row) => row.name)).toEqual([
      'João Araújo',
      'Maria Araújo',
      'Silva, Beto',
    ]);
  });

  const readTemplate = () =>
    readFile(new URL('../../../../web/public/modelo-associados.csv', import.meta.url), 'utf8');

  it('imports the template the back office offers as it is: its two example rows are good rows', async () => {
    const { company } = await createClubWithStaff(context.db);
    const report = await run(company.id, await readTemplate());
    expect(report).toMatchObject({ applied: true, created: 2, rejected: 0, titlesCreated: 1 });
    expect((await associatesOf(company.id)).map((row) => [row.cardId, row.isHolder])).toEqual([
      ['BR00001', true],
      ['BR00002', false],
    ]);
  });

  it('takes card numbers of letters and digits, letters in capitals, and names the rule of a bad one', async () => {
    const { company } = await createClubWithStaff(context.db);
    const file = [
      header,
      `${cpfs[0]},João Araújo,10/05/1980,BR00001,Título A,sim,,`,
      `${cpfs[1]},Maria Araújo,1985-02-01,sp-002,Título A,não,,`,
      `${cpfs[2]},Beto Araújo,01/12/2010,br00001,Título A,não,,`,
    ].join('\n');
    const report = await run(company.id, file, { skipInvalid: true });
    expect(report).toMatchObject({ applied: true, created: 1, rejected: 2 });
    expect(report.errors).toEqual([
      {
        line: 3,
        reason:
          'Carteirinha inválida: sp-002 — a carteirinha tem só letras e números, sem espaços nem pontuação, até 20 caracteres',
      },
      // Typed in small letters, it is the same card.
      { line: 4, reason: 'Carteirinha BR00001 repetida no arquivo (linha 2)' },
    ]);
    expect((await associatesOf(company.id)).map((row) => row.cardId)).toEqual(['BR00001']);
    const again = await run(
      company.id,
      `${header}\n${cpfs[0]},João Araújo,10/05/1980,br00001,Título A,sim,,`,
    );
    expect(again).toMatchObject({ applied: true, unchanged: 1, created: 0, rejected: 0 });
  });

  it('reads a file written on the template the back office offers (Portuguese columns)', async () => {
    const { company } = await createClubWithStaff(context.db);
    // The template's header, its example rows replaced by the club's.
    const [templateHeader] = (await readTemplate()).split('\r\n');
    const rows = cleanFile.split('\n').slice(1).join('\r\n').replaceAll(',', ';');
    const text = `${templateHeader}\r\n${rows.replace('"Silva; Beto"', '"Silva, Beto"')}`;
    const report = await run(company.id, text);
    expect(report).toMatchObject({ applied: true, created: 3, rejected: 0 });
    expect((await associatesOf(company.id)).map((row) => row.name)).toEqual([
      'João Araújo',
      'Maria Araújo',
      'Silva, Beto',
    ]);
  });

  const badFile = [
    header,
    `${cpfs[0]},João Araújo,10/05/1980,6001,Título A,sim,,`,
    `529.982.247-24,CPF Errado,10/05/1980,6002,Título A,sim,,`,
    `${completeCpf('423456780')},Data Errada,31/02/1980,6003,Título A,sim,,`,
    `${completeCpf('523456780')},Cartão Repetido,10/05/1980,6001,Título A,sim,,`,
    `${completeCpf('623456780')},,10/05/1980,6005,Título A,sim,,`,
    `${completeCpf('723456780')},Booleano Errado,10/05/1980,6006,Título A,talvez,,`,
    `${cpfs[1]},Maria Araújo,1985-02-01,6007,Título A,não,,`,
  ].join('\n');

  it('reports every bad row with its line and reason, and by default writes nothing', async () => {
    const { company } = await createClubWithStaff(context.db);
    const report = await run(company.id, badFile);
    expect(report.applied).toBe(false);
    expect(report.rejected).toBe(5);
    expect(report.errors).toEqual([
      {
        line: 3,
        reason:
          'CPF inválido: 529.982.247-24 — o CPF tem 11 dígitos (com ou sem pontos e traço) e dígitos verificadores certos',
      },
      {
        line: 4,
        reason:
          'Data de nascimento inválida: 31/02/1980 — use DD/MM/AAAA ou AAAA-MM-DD, de um dia que existe',
      },
      { line: 5, reason: 'Carteirinha 6001 repetida no arquivo (linha 2)' },
      { line: 6, reason: 'Campo obrigatório ausente: nome' },
      { line: 7, reason: 'Valor inválido em titular: talvez — use sim ou não' },
    ]);
    expect(await associatesOf(company.id)).toEqual([]);
    const titles = await context.db
      .select({ total: count() })
      .from(associateTitles)
      .where(eq(associateTitles.companyId, company.id));
    expect(titles[0]!.total).toBe(0);
  });

  it('with skipInvalid imports the good rows and reports the rest', async () => {
    const { company } = await createClubWithStaff(context.db);
    const report = await run(company.id, badFile, { skipInvalid: true });
    expect(report).toMatchObject({ applied: true, created: 2, rejected: 5 });
    expect((await associatesOf(company.id)).map((row) => row.cardId)).toEqual(['6001', '6007']);
  });

  it('a dry run counts what would change and writes nothing', async () => {
    const { company } = await createClubWithStaff(context.db);
    const report = await run(company.id, cleanFile, { dryRun: true });
    expect(report).toMatchObject({ applied: false, dryRun: true, created: 3, titlesCreated: 2 });
    expect(await associatesOf(company.id)).toEqual([]);
  });

  it('refuses a CPF already holding another card in the club, and a header without columns', async () => {
    const { company } = await createClubWithStaff(context.db);
    const cpf = completeCpf('923456781');
    await createAssociate(context.db, company.id, { cpf, cardId: '9999' });
    const report = await run(company.id, `${header}\n${cpf},Outro Nome,10/05/1980,5001,T,sim,,`);
    expect(report.errors).toEqual([
      { line: 2, reason: 'CPF já vinculado à carteirinha 9999 neste clube' },
    ]);
    expect(report.applied).toBe(false);
    await expect(run(company.id, 'cpf,name\n1,2')).rejects.toMatchObject({
      key: 'CsvMissingColumns',
      message: expect.stringContaining(
        'Cabeçalho sem as colunas obrigatórias: nascimento, carteirinha, titulo, titular',
      ),
    });
    await expect(run(company.id, `${header}\n"unterminated,1,2`)).rejects.toMatchObject({
      key: 'CsvMalformed',
      message: expect.stringContaining('CSV malformado'),
    });
  });

  it('gives up on a header line past 64 KiB without reading the rest of the file', async () => {
    const { company } = await createClubWithStaff(context.db);
    // A "header" of 4 MB without a line break, read 64 KiB at a time.
    let chunksRead = 0;
    async function* endlessHeader() {
      for (let index = 0; index < 64; index += 1) {
        chunksRead += 1;
        yield Buffer.alloc(64 * 1024, 'a');
      }
    }
    await expect(
      importAssociates(context.db, {
        companyId: company.id,
        source: endlessHeader(),
        actorUserId: null,
      }),
    ).rejects.toMatchObject({
      key: 'CsvHeaderTooLong',
      message: expect.stringContaining('Cabeçalho do arquivo muito longo'),
    });
    expect(chunksRead).toBeLessThanOrEqual(2);
    // A header ending just within the limit is still read.
    const padded = `${header},${'x'.repeat(60 * 1024)}\n${cleanFile.split('\n').slice(1).join('\n')}`;
    expect(await run(company.id, padded)).toMatchObject({ applied: true, created: 3 });
  });

  // "João Conceição" and "Título" as Excel in Brazil saves them: one byte per letter.
  const windows1252File = Buffer.from(
    [header, `${cpfs[0]},João Conceição,10/05/1980,7001,Título Ímpar,sim,,`].join('\r\n'),
    'latin1',
  );
  const byteByByte = (bytes: Buffer) => Readable.from([...bytes].map((byte) => Buffer.of(byte)));

  it('reads a Windows-1252 file with its accents, whole or cut anywhere', async () => {
    expect(windows1252File.includes(Buffer.from('ã'))).toBe(false);
    for (const source of [Readable.from([windows1252File]), byteByByte(windows1252File)]) {
      const { company } = await createClubWithStaff(context.db);
      const report = await importAssociates(context.db, {
        companyId: company.id,
        source,
        actorUserId: null,
      });
      expect(report).toMatchObject({ applied: true, created: 1, rejected: 0 });
      expect((await associatesOf(company.id)).map(({ name, title }) => ({ name, title }))).toEqual([
        { name: 'João Conceição', title: 'Título Ímpar' },
      ]);
    }
  });

  it('still reads UTF-8, with or without BOM, cut anywhere', async () => {
    const utf8 = Buffer.from(
      [header, `${cpfs[0]},João Conceição,10/05/1980,7001,Título Ímpar,sim,,`].join('\n'),
    );
    const withBom = Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), utf8]);
    for (const bytes of [utf8, withBom]) {
      const { company } = await createClubWithStaff(context.db);
      const report = await importAssociates(context.db, {
        companyId: company.id,
        source: byteByByte(bytes),
        actorUserId: null,
      });
      expect(report).toMatchObject({ applied: true, created: 1, rejected: 0 });
      expect((await associatesOf(company.id)).map(({ name }) => name)).toEqual(['João Conceição']);
    }
  });

  it('never stores U+FFFD: refuses a file mixing encodings and rows already garbled', async () => {
    const { company } = await createClubWithStaff(context.db);
    const mixed = Buffer.concat([
      Buffer.from(`${header}\n${cpfs[0]},João Araújo,10/05/1980,7001,T,sim,,\n`),
      Buffer.from(`${cpfs[1]},Maria Conceição,10/05/1980,7002,T,sim,,\n`, 'latin1'),
    ]);
    await expect(
      importAssociates(context.db, {
        companyId: company.id,
        source: Readable.from([mixed]),
        actorUserId: null,
      }),
    ).rejects.toMatchObject({
      key: 'CsvMixedEncoding',
      message: expect.stringContaining('mistura codificações'),
    });
    const garbled = `${header}\n${cpfs[0]},Jo\uFFFDo Concei\uFFFD\uFFFDo,10/05/1980,7001,T,sim,,`;
    const report = await run(company.id, garbled, { skipInvalid: true });
    expect(report.errors).toEqual([
      { line: 2, reason: expect.stringContaining('Caractere inválido (\uFFFD) em nome') },
    ]);
    expect(await associatesOf(company.id)).toEqual([]);
  });

  it('runs one import at a time per club; a dry run leaves the database to others between batches', async () => {
    const { company, staff } = await createClubWithStaff(context.db);
    const file = slowCleanFile();
    let firstBatchWritten!: () => void;
    const written = new Promise<void>((resolve) => (firstBatchWritten = resolve));
    const first = importAssociates(context.db, {
      companyId: company.id,
      source: file.source,
      dryRun: true,
      batchSize: 1,
      actorUserId: null,
      onProgress: () => firstBatchWritten(),
    });
    await written;
    // The dry run is waiting for the rest of its file, past its first batch. On the embedded
    // database a transaction held across batches would make this query (and the request's
    // staff lookup below) wait for the import, which waits for us.
    const [row] = await context.db
      .select({ total: count() })
      .from(associates)
      .where(eq(associates.companyId, company.id));
    expect(row!.total).toBe(0);
    await expect(run(company.id, cleanFile)).rejects.toMatchObject({ key: 'ImportInProgress' });
    const auth = await bearerFor(context.app, staff.cpf);
    const body = multipart({ companyId: company.id }, cleanFile);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/associate/import',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'ImportInProgress',
      message: expect.stringContaining('importação de associados em andamento'),
    });
    file.finish();
    expect(await first).toMatchObject({
      dryRun: true,
      applied: false,
      created: 3,
      titlesCreated: 2,
    });
    expect(await associatesOf(company.id)).toEqual([]);
    expect(await run(company.id, cleanFile)).toMatchObject({ applied: true, created: 3 });
  });

  it(
    'streams a 50 000-row file in batches without holding the rows',
    { timeout: 240_000 },
    async () => {
      const { company } = await createClubWithStaff(context.db);
      const file = join(directory, 'grande.csv');
      const output = createWriteStream(file);
      output.write(`${header}\n`);
      for (let index = 0; index < 50_000; index += 1) {
        const cpf = completeCpf(String(800_000_000 + index));
        const line = `${cpf},Associado ${index},01/01/1990,${100_000 + index},Título ${Math.floor(index / 4)},${index % 4 === 0 ? 'sim' : 'não'},,\n`;
        if (!output.write(line)) await once(output, 'drain');
      }
      output.end();
      await once(output, 'finish');
      expect(statSync(file).size).toBeGreaterThan(2_000_000);

      const batches: number[] = [];
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const report = await importAssociates(context.db, {
        companyId: company.id,
        source: createReadStream(file, { highWaterMark: 64 * 1024 }),
        actorUserId: null,
        onBatch: (size) => {
          batches.push(size);
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        },
      });
      expect(report).toMatchObject({ applied: true, created: 50_000, rejected: 0 });
      // Rows reach the database at most 1000 at a time (batches sized to their cost): never the
      // whole file at once.
      expect(batches.reduce((sum, size) => sum + size, 0)).toBe(50_000);
      expect(batches.length).toBeGreaterThanOrEqual(50);
      expect(Math.max(...batches)).toBeLessThanOrEqual(1000);
      expect(heapPeak - heapBefore).toBeLessThan(256 * 1024 * 1024);
      const [total] = await context.db
        .select({ total: count() })
        .from(associates)
        .where(eq(associates.companyId, company.id));
      expect(total!.total).toBe(50_000);
    },
  );
});

describe('a real import in batches (staging, then apply)', () => {
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

  it('leaves the database to other requests between batches, while checking and while writing', async () => {
    const { company } = await createClubWithStaff(context.database.db);
    const importing = pausedImport(company.id);

    // Checking: past its first batch, waiting for the rest of the file. With one transaction
    // held across batches, the embedded database would make these wait for the import, which
    // waits for us: the test would never end.
    await importing.checking;
    expect((await health()).statusCode).toBe(200);
    expect(await associatesOf(company.id)).toEqual([]);
    const [journal] = await journalOf(company.id);
    expect(journal!.status).toBe('staging');
    // Checked rows wait in the staging table, seen by nobody.
    expect(await stagedRows(journal!.id)).toBeGreaterThan(0);
    await expect(run(company.id, cleanFile)).rejects.toMatchObject({ key: 'ImportInProgress' });
    importing.finishChecking();

    // Writing: one batch committed, the next not started. A reader sees the first member.
    await importing.writing;
    expect((await health()).statusCode).toBe(200);
    expect((await associatesOf(company.id)).map((row) => row.cardId)).toEqual(['5001']);
    expect((await journalOf(company.id))[0]!.status).toBe('applying');
    await expect(run(company.id, cleanFile)).rejects.toMatchObject({ key: 'ImportInProgress' });
    importing.finishWriting();

    expect(await importing.done).toMatchObject({ applied: true, created: 3, titlesCreated: 2 });
    expect((await associatesOf(company.id)).map((row) => row.cardId)).toEqual([
      '5001',
      '5002',
      '5003',
    ]);
    expect((await journalOf(company.id))[0]!.status).toBe('applied');
    expect(await stagedRows(journal!.id)).toBe(0);
    expect(await importAudits(company.id)).toHaveLength(1);
  });

  it('finishes at start-up an import a crash stopped between two batches of its writing', async () => {
    const db = context.database.db;
    const { company } = await createClubWithStaff(db);
    // A member the file updates (blocked by the file, e-mail kept since the file has none).
    await run(
      company.id,
      `${header}\n${cpfs[1]},Maria Antiga,1985-02-01,5002,Título A,não,m@x.com,`,
    );
    const before = await associatesOf(company.id);
    const file = cleanFile.replace(
      'Maria Araújo,1985-02-01,5002,Título A,não,,',
      'Maria Araújo,1985-02-01,5002,Título C,não,,sim',
    );
    await crashAfterFirstBatch(company.id, file);

    // Stopped after its first batch: written, the rest still staged, no audit event yet.
    const [journal] = (await journalOf(company.id)).filter((row) => row.status !== 'applied');
    expect(journal!.status).toBe('applying');
    expect(await stagedRows(journal!.id)).toBe(2);
    expect((await associatesOf(company.id)).map((row) => row.cardId)).toEqual(['5001', '5002']);
    expect((await associatesOf(company.id))[1]).toEqual(before[0]);
    expect(await importAudits(company.id)).toHaveLength(1);

    expect(await resumeAssociateImports(db)).toEqual({ resumed: 1, abandoned: 0 });
    const rows = await associatesOf(company.id);
    expect(
      rows.map(({ cardId, name, email, blocked, title }) => ({
        cardId,
        name,
        email,
        blocked,
        title,
      })),
    ).toEqual([
      {
        cardId: '5001',
        name: 'João Araújo',
        email: 'joao@exemplo.com',
        blocked: false,
        title: 'Título A',
      },
      { cardId: '5002', name: 'Maria Araújo', email: 'm@x.com', blocked: true, title: 'Título C' },
      { cardId: '5003', name: 'Silva, Beto', email: null, blocked: false, title: 'Título B' },
    ]);
    const [maria] = await db
      .select()
      .from(associates)
      .where(and(eq(associates.companyId, company.id), eq(associates.cpf, cpfs[1]!)));
    expect(maria!.blockedReason).toBe('Bloqueado na importação do cadastro');
    expect(await stagedRows(journal!.id)).toBe(0);
    const audits = await importAudits(company.id);
    expect(audits).toHaveLength(2);
    expect(audits[1]!.data).toMatchObject({ total: 3, created: 2, updated: 1, titlesCreated: 2 });
    // Rolled forward once: nothing left to do, and the file again changes nothing.
    expect(await resumeAssociateImports(db)).toEqual({ resumed: 0, abandoned: 0 });
    expect(await run(company.id, file)).toMatchObject({ unchanged: 3, created: 0, updated: 0 });
  });

  it('an import stopped while its file was being checked wrote nothing and is dropped', async () => {
    const db = context.database.db;
    const { company } = await createClubWithStaff(db);
    // What a crash during the check leaves: a journal still staging and some staged rows.
    const [journal] = await db
      .insert(associateImports)
      .values({ companyId: company.id, actorUserId: null })
      .returning();
    await db.insert(associateImportRows).values({
      importId: journal!.id,
      line: 2,
      existing: false,
      cpf: cpfs[0]!,
      name: 'Nunca Gravado',
      email: null,
      cardId: '5001',
      title: 'Título A',
      isHolder: true,
      birthDate: '1980-05-10',
      blocked: null,
    });
    // Another process may still be checking a file it touched a moment ago: left alone.
    expect(await resumeAssociateImports(db)).toEqual({ resumed: 0, abandoned: 0 });
    expect(await stagedRows(journal!.id)).toBe(1);
    // At the embedded database's start-up nothing else can be checking one.
    expect(await resumeAssociateImports(db, { staleStagingMs: 0 })).toEqual({
      resumed: 0,
      abandoned: 1,
    });
    expect(await stagedRows(journal!.id)).toBe(0);
    expect((await journalOf(company.id))[0]!.status).toBe('abandoned');
    expect(await associatesOf(company.id)).toEqual([]);
  });

  it('a rejected file stages nothing that stays, and writes nothing', async () => {
    const badFile = [
      header,
      `${cpfs[0]},João Araújo,10/05/1980,6001,Título A,sim,,`,
      `${cpfs[1]},Maria Araújo,1985-02-01,6007,Título A,não,,`,
      `529.982.247-24,CPF Errado,10/05/1980,6002,Título A,sim,,`,
    ].join('\n');
    const { company } = await createClubWithStaff(context.database.db);
    const report = await run(company.id, badFile, { batchSize: 1 });
    expect(report).toMatchObject({ applied: false, rejected: 1, created: 2 });
    const [journal] = await journalOf(company.id);
    expect(journal!.status).toBe('abandoned');
    expect(await stagedRows(journal!.id)).toBe(0);
    expect(await associatesOf(company.id)).toEqual([]);
  });

  it('never gives a card to another member when the club changed between the check and the write', async () => {
    const db = context.database.db;
    const { company } = await createClubWithStaff(db);
    const title = await db
      .insert(associateTitles)
      .values({ companyId: company.id, name: 'Outro' })
      .returning();
    const intruder = completeCpf('987654320');
    const importing = importAssociates(db, {
      companyId: company.id,
      source: Readable.from([Buffer.from(cleanFile)]),
      batchSize: 1,
      actorUserId: null,
      onApplyBatch: async (batches) => {
        if (batches !== 1) return;
        // Meanwhile the desk registers card 5003 for someone else, and gives Maria's CPF a
        // member of its own.
        await createAssociate(db, company.id, {
          cpf: intruder,
          name: 'Cadastro do Balcão',
          cardId: '5003',
          associateTitleId: title[0]!.id,
        });
        await createAssociate(db, company.id, {
          cpf: cpfs[1],
          name: 'Maria do Balcão',
          cardId: '7777',
          associateTitleId: title[0]!.id,
        });
      },
    });
    expect(await importing).toMatchObject({ applied: true });
    const rows = await associatesOf(company.id);
    expect(rows.map(({ cardId, cpf, name }) => ({ cardId, cpf, name }))).toEqual([
      { cardId: '5001', cpf: cpfs[0], name: 'João Araújo' },
      { cardId: '5003', cpf: intruder, name: 'Cadastro do Balcão' },
      { cardId: '7777', cpf: cpfs[1], name: 'Maria do Balcão' },
    ]);
  });

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

  it('runs one import at a time per club: another club imports meanwhile, the same club waits its turn', async () => {
    const clubA = await createClubWithStaff(context.database.db);
    const clubB = await createClubWithStaff(context.database.db);
    const importingA = pausedImport(clubA.company.id);
    const send = async (club: typeof clubA, csv: string) => {
      const body = multipart({ companyId: club.company.id }, csv);
      return context.app.inject({
        method: 'POST',
        url: '/api/backoffice/associate/import',
        headers: { ...(await bearerFor(context.app, club.staff.cpf)), ...body.headers },
        payload: body.payload,
      });
    };

    // Club A's import is checking its file: club B's own import runs to the end, by the service
    // and by the route, while club A's second one is refused.
    await importingA.checking;
    try {
      expect(await run(clubB.company.id, cleanFile)).toMatchObject({ applied: true, created: 3 });
      const again = await send(clubB, cleanFile);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ applied: true, unchanged: 3 });
      await expect(run(clubA.company.id, cleanFile)).rejects.toMatchObject({
        key: 'ImportInProgress',
      });
      const refused = await send(clubA, cleanFile);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'ImportInProgress' });
      importingA.finishChecking();

      // Club A's import is writing: the same again.
      await importingA.writing;
      const changed = cleanFile.replace('Maria Araújo', 'Maria A. Souza');
      expect(await run(clubB.company.id, changed)).toMatchObject({ applied: true, updated: 1 });
      await expect(run(clubA.company.id, cleanFile)).rejects.toMatchObject({
        key: 'ImportInProgress',
      });
    } finally {
      // A failed expectation must not leave club A's import (and its club's slot) held.
      importingA.finishChecking();
      importingA.finishWriting();
    }

    expect(await importingA.done).toMatchObject({ applied: true, created: 3 });
    expect((await associatesOf(clubA.company.id)).map((row) => row.name)).toEqual([
      'João Araújo',
      'Maria Araújo',
      'Silva, Beto',
    ]);
    expect((await associatesOf(clubB.company.id)).map((row) => row.name)).toEqual([
      'João Araújo',
      'Maria A. Souza',
      'Silva, Beto',
    ]);
    // Club A's turn is over: its next import runs.
    expect(await run(clubA.company.id, cleanFile)).toMatchObject({ applied: true, unchanged: 3 });
  });

  it("finishes only the importing club's interrupted imports before it starts", async () => {
    const db = context.database.db;
    const clubA = await createClubWithStaff(db);
    const clubB = await createClubWithStaff(db);
    // Each club has an import a crash stopped while writing (one member written, two staged),
    // and club B one left staging long ago by a process that died.
    await crashAfterFirstBatch(clubA.company.id);
    await crashAfterFirstBatch(clubB.company.id);
    const [staleOfB] = await db
      .insert(associateImports)
      .values({
        companyId: clubB.company.id,
        actorUserId: null,
        updatedAt: sql`now() - interval '1 hour'`,
      })
      .returning({ id: associateImports.id });
    await db.insert(associateImportRows).values({
      importId: staleOfB!.id,
      line: 2,
      existing: false,
      cpf: completeCpf('111222330'),
      name: 'Nunca Gravado',
      email: null,
      cardId: '9001',
      title: 'Título A',
      isHolder: true,
      birthDate: '1980-05-10',
      blocked: null,
    });
    const pendingOfB = async () =>
      (
        await Promise.all(
          (await journalOf(clubB.company.id)).map(async ({ id, status }) => ({
            status,
            staged: await stagedRows(id),
          })),
        )
      ).sort((one, other) => one.status.localeCompare(other.status));
    const clubBBefore = await pendingOfB();
    expect(clubBBefore).toEqual([
      { status: 'applying', staged: 2 },
      { status: 'staging', staged: 1 },
    ]);

    // Club A's next import first finishes club A's interrupted one, then checks its file
    // against the club as that left it.
    expect(await run(clubA.company.id, cleanFile)).toMatchObject({ applied: true, unchanged: 3 });
    expect((await journalOf(clubA.company.id)).map((row) => row.status)).toEqual([
      'applied',
      'applied',
    ]);
    expect(await importAudits(clubA.company.id)).toHaveLength(2);
    // Club B's are left as they were, for club B's next import or the start-up to finish.
    expect(await pendingOfB()).toEqual(clubBBefore);
    expect((await associatesOf(clubB.company.id)).map((row) => row.cardId)).toEqual(['5001']);
    expect(await importAudits(clubB.company.id)).toHaveLength(0);

    expect(await resumeAssociateImports(db)).toEqual({ resumed: 1, abandoned: 1 });
    expect((await associatesOf(clubB.company.id)).map((row) => row.cardId)).toEqual([
      '5001',
      '5002',
      '5003',
    ]);
    expect(await pendingOfB()).toEqual([
      { status: 'abandoned', staged: 0 },
      { status: 'applied', staged: 0 },
    ]);
  });

  it('finishes interrupted imports at start-up alone: no import runs alongside', async () => {
    const db = context.database.db;
    const crashed = await createClubWithStaff(db);
    const other = await createClubWithStaff(db);
    await crashAfterFirstBatch(crashed.company.id);

    // While the start-up finishes the crashed import, no club imports, its own or another.
    let paused!: () => void;
    const resumePaused = new Promise<void>((resolve) => (paused = resolve));
    let goOn!: () => void;
    const resumeGoesOn = new Promise<void>((resolve) => (goOn = resolve));
    const resuming = resumeAssociateImports(db, {
      batchSize: 1,
      onApplyBatch: async (batches) => {
        if (batches !== 1) return;
        paused();
        await resumeGoesOn;
      },
    });
    await resumePaused;
    try {
      await expect(run(other.company.id, cleanFile)).rejects.toMatchObject({
        key: 'ImportInProgress',
      });
      await expect(run(crashed.company.id, cleanFile)).rejects.toMatchObject({
        key: 'ImportInProgress',
      });
    } finally {
      goOn();
    }
    expect(await resuming).toEqual({ resumed: 1, abandoned: 0 });
    expect(await associatesOf(other.company.id)).toEqual([]);

    // And it does not start while a club imports: on the embedded database at start-up it
    // abandons every staging import, a live one's included.
    const importing = pausedImport(other.company.id);
    await importing.checking;
    try {
      await expect(resumeAssociateImports(db, { staleStagingMs: 0 })).rejects.toMatchObject({
        key: 'ImportInProgress',
      });
    } finally {
      importing.finishChecking();
      importing.finishWriting();
    }
    expect(await importing.done).toMatchObject({ applied: true, created: 3 });
    expect((await journalOf(other.company.id)).map((row) => row.status)).toEqual(['applied']);
  });
});

describe('POST /api/backoffice/associate/import', () => {
  it('answers the per-line report for a dry run, then imports on confirmation', async () => {
    const { company, staff, headers: auth } = await createClubWithBearer(context.app);
    const send = (fields: Record<string, string>, csv: string) => {
      const body = multipart(fields, csv);
      return context.app.inject({
        method: 'POST',
        url: '/api/backoffice/associate/import',
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
    };
    const dry = await send({ companyId: company.id, dryRun: 'true' }, cleanFile);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ applied: false, dryRun: true, created: 3 });
    expect(await associatesOf(company.id)).toEqual([]);

    const real = await send({ companyId: company.id }, cleanFile);
    expect(real.json()).toMatchObject({ applied: true, created: 3 });
    expect(await associatesOf(company.id)).toHaveLength(3);
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, company.id), eq(auditEvents.action, 'associate.import')),
      );
    expect(audit!.actorUserId).toBe(staff.id);
  });

  it('answers 404 for another club and 400 without a club or a file', async () => {
    const mine = await createClubWithStaff(context.db);
    const theirs = await createClubWithStaff(context.db);
    const auth = await bearerFor(context.app, mine.staff.cpf);
    const foreign = multipart({ companyId: theirs.company.id }, cleanFile);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/associate/import',
      headers: { ...auth, ...foreign.headers },
      payload: foreign.payload,
    });
    expect(response.statusCode).toBe(404);
    expect(await associatesOf(theirs.company.id)).toEqual([]);

    const noClub = multipart({}, cleanFile);
    const missing = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/associate/import',
      headers: { ...auth, ...noClub.headers },
      payload: noClub.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ path: 'companyId' })]);

    const json = await context.app.inject({
      method: 'POST',
      url: `/api/backoffice/associate/import?companyId=${mine.company.id}`,
      headers: auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 400 to a header line past 64 KiB', async () => {
    const { company, headers: auth } = await createClubWithBearer(context.app);
    const body = multipart({ companyId: company.id }, `${'cpf,'.repeat(50_000)}\n1,2`);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/associate/import',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Cabeçalho do arquivo muito longo');
  });

  it('answers CsvMalformed in Portuguese to text after the quotes that close a value', async () => {
    const { company, headers: auth } = await createClubWithBearer(context.app);
    const body = multipart(
      { companyId: company.id },
      `${header}\n${cpfs[0]},"Ana" Souza,10/05/1980,6101,T,sim,,`,
    );
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/associate/import',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'CsvMalformed',
      params: { line: 2, reason: expect.stringContaining('texto logo depois das aspas') },
    });
  });

  it('answers 400 CsvMalformed to a quote inside an unquoted value, and imports nothing', async () => {
    const { company, headers: auth } = await createClubWithBearer(context.app);
    const quoted = `${header}\n${cpfs[0]},Ana "Aninha" Souza,10/05/1980,6101,T,sim,,`;
    const body = multipart({ companyId: company.id }, quoted);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/associate/import',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'CsvMalformed',
      params: { line: 2, reason: expect.stringContaining('aspas dentro de um campo sem aspas') },
    });
    expect(await associatesOf(company.id)).toEqual([]);
    // Quoted as the reason says, the same name imports.
    const fixed = multipart(
      { companyId: company.id },
      `${header}\n${cpfs[0]},"Ana ""Aninha"" Souza",10/05/1980,6101,T,sim,,`,
    );
    const imported = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/associate/import',
      headers: { ...auth, ...fixed.headers },
      payload: fixed.payload,
    });
    expect(imported.json()).toMatchObject({ applied: true, created: 1 });
    expect((await associatesOf(company.id)).map((row) => row.name)).toEqual(['Ana "Aninha" Souza']);
  });
});

describe('npm run cli -- import-associates', () => {
  it(
    'imports a file into the embedded database and prints the summary',
    // Five CLI processes, each starting tsx and the embedded database: slow on a loaded machine.
    { timeout: 240_000 },
    async () => {
      const { spawnSync } = await import('node:child_process');
      const dataDir = join(directory, 'cli-data');
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false' };
      delete env.DATABASE_URL;
      const cli = (args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
          encoding: 'utf8',
          env,
        });
      const club = cli(['create-club', '--name', 'Clube do CLI', '--json']);
      expect(club.status).toBe(0);
      const { id } = JSON.parse(club.stdout) as { id: string };
      const file = join(directory, 'cli.csv');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(file, cleanFile);
      const first = cli(['import-associates', '--club', id, file]);
      expect(first.stdout).toContain('Criados: 3, atualizados: 0, sem alteração: 0, rejeitados: 0');
      expect(first.status).toBe(0);
      const again = cli(['import-associates', '--club', id, file, '--json']);
      expect(JSON.parse(again.stdout)).toMatchObject({ unchanged: 3, applied: true });
      writeFileSync(file, `${cleanFile}\n${cpfs[0]},Repetido,10/05/1980,5009,T,sim,,`);
      const bad = cli(['import-associates', '--club', id, file]);
      expect(bad.status).toBe(1);
      expect(bad.stdout).toContain('linha 5: CPF repetido no arquivo (linha 2)');
      writeFileSync(file, `${header}\n${cpfs[1]},Ana "Aninha" Souza,10/05/1980,5010,T,sim,,`);
      const quoted = cli(['import-associates', '--club', id, file]);
      expect(quoted.status).not.toBe(0);
      expect(quoted.stderr).toContain('CSV malformado perto da linha 2');
    },
  );
});
