import { once } from 'node:events';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { associateImportRows, associateImports, associateTitles, associates } from '@clube/db';
import { completeCpf } from '@clube/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  importAssociates,
  resumeAssociateImports,
} from '../../../src/services/associates/import-associates';
import { createAssociate, createClubWithStaff } from '../../factories';
import { build } from '../../helper';
import { importScene, scratchDirectory, cpfs, header, cleanFile } from './import-associates-scene';

const context = build();
const directory = scratchDirectory();
const {
  run,
  crashAfterFirstBatch,
  associatesOf,
  importAudits,
  journalOf,
  stagedRows,
  health,
  pausedImport,
} = importScene(context);

describe('importAssociates', () => {
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
});
