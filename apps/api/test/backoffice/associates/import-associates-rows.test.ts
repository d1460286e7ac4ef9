import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { associateTitles, auditEvents } from '@clube/db';
import { completeCpf } from '@clube/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importAssociates } from '../../../src/services/associates/import-associates';
import { createAssociate, createClubWithStaff } from '../../factories';
import { build } from '../../helper';
import { importScene, cpfs, header, cleanFile } from './import-associates-scene';

const context = build();
const { run, associatesOf } = importScene(context);

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
});
