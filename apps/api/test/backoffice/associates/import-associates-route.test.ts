import { join } from 'node:path';
import { auditEvents } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearerFor, createClubWithStaff, createClubWithBearer } from '../../factories';
import { build } from '../../helper';
import {
  importScene,
  scratchDirectory,
  cpfs,
  header,
  cleanFile,
  multipart,
} from './import-associates-scene';

const context = build();
const directory = scratchDirectory();
const { associatesOf } = importScene(context);

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
