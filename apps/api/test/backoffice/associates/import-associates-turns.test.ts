import { associateImportRows, associateImports, associates } from '@clube/db';
import { completeCpf } from '@clube/shared';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  importAssociates,
  resumeAssociateImports,
} from '../../../src/services/associates/import-associates';
import { bearerFor, createClubWithStaff } from '../../factories';
import { build } from '../../helper';
import { importScene, cleanFile, multipart, slowCleanFile } from './import-associates-scene';

const context = build();
const {
  run,
  crashAfterFirstBatch,
  associatesOf,
  importAudits,
  journalOf,
  stagedRows,
  pausedImport,
} = importScene(context);

describe('importAssociates', () => {
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
});

describe('a real import in batches (staging, then apply)', () => {
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
