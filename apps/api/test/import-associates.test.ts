import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { associateTitles, associates, auditEvents } from '@clube/db';
import { completeCpf, formatCpf } from '@clube/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { importAssociates } from '../src/services/associates/import-associates';
import { bearerFor, createAssociate, createClubWithStaff, createClubWithBearer } from './factories';
import { build } from './helper';

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
      { line: 3, reason: 'CPF inválido: 529.982.247-24' },
      { line: 4, reason: 'Data de nascimento inválida: 31/02/1980' },
      { line: 5, reason: 'Carteirinha 6001 repetida no arquivo (linha 2)' },
      { line: 6, reason: 'Campo obrigatório ausente: name' },
      { line: 7, reason: 'Valor inválido em isHolder: talvez' },
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
      message: expect.stringContaining('birthdate'),
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
      { line: 2, reason: expect.stringContaining('Caractere inválido (\uFFFD) em name') },
    ]);
    expect(await associatesOf(company.id)).toEqual([]);
  });

  it('runs one import at a time; a dry run leaves the database to others between batches', async () => {
    const { company, staff } = await createClubWithStaff(context.db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* slowFile() {
      yield Buffer.from(`${cleanFile.split('\n').slice(0, 3).join('\n')}\n`);
      await gate;
      yield Buffer.from(cleanFile.split('\n')[3]!);
    }
    let firstBatchWritten!: () => void;
    const written = new Promise<void>((resolve) => (firstBatchWritten = resolve));
    const first = importAssociates(context.db, {
      companyId: company.id,
      source: slowFile(),
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
    release();
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
      // Rows reach the database 1000 at a time: never the whole file at once.
      expect(batches).toHaveLength(50);
      expect(Math.max(...batches)).toBe(1000);
      expect(heapPeak - heapBefore).toBeLessThan(256 * 1024 * 1024);
      const [total] = await context.db
        .select({ total: count() })
        .from(associates)
        .where(eq(associates.companyId, company.id));
      expect(total!.total).toBe(50_000);
    },
  );
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
});

describe('npm run cli -- import-associates', () => {
  it(
    'imports a file into the embedded database and prints the summary',
    // Four CLI processes, each starting tsx and the embedded database: slow on a loaded machine.
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
    },
  );
});
