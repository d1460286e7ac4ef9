import { appointments } from '@clube/db';
import type { AssociateImportReport } from '@clube/shared';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createAssociate,
  createBlockedTime,
  createClubWithBearer,
  createPlace,
  createTitle,
  createUser,
} from './factories';
import { build } from './helper';

const context = build();

type Club = Awaited<ReturnType<typeof createClubWithBearer>>;

/** The file as a spreadsheet in Portuguese opens it: BOM, `;`, quoted cells with line breaks. */
function spreadsheet(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
}

async function download(club: Club, url: string, query: Record<string, string> = {}) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/backoffice/${url}`,
    headers: club.headers,
    query: { companyId: club.company.id, ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
  return response.rawPayload;
}

/** POST /associate/import with `file` as the multipart upload. */
async function upload(club: Club, file: Buffer) {
  const boundary = 'exportboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="associados.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return context.app.inject({
    method: 'POST',
    url: `/api/backoffice/associate/import?companyId=${club.company.id}`,
    headers: { ...club.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** A membership with accents, a family under one title, a blocked member and empty e-mails. */
async function membership(club: Club) {
  const db = context.db;
  const companyId = club.company.id;
  const family = await createTitle(db, companyId, { name: 'Família Conceição' });
  const other = await createTitle(db, companyId, { name: 'Título Único' });
  await createAssociate(db, companyId, {
    associateTitleId: family.id,
    name: 'João Conceição',
    email: 'joao@example.com',
    cardId: 'BR0001',
    birthDate: '1970-02-28',
  });
  await createAssociate(db, companyId, {
    associateTitleId: family.id,
    name: 'Ângela Conceição',
    isHolder: false,
    cardId: 'BR0002',
    birthDate: '2010-12-01',
  });
  await createAssociate(db, companyId, {
    associateTitleId: other.id,
    name: 'Zé D\'Ávila; "Zezinho"',
    blocked: true,
    blockedReason: 'Mensalidade',
    cardId: '000123',
  });
}

describe('GET /api/backoffice/associate/export.csv', () => {
  it('goes back through the import as it is: nothing created, changed or refused', async () => {
    const club = await createClubWithBearer(context.app);
    await membership(club);
    const file = await download(club, 'associate/export.csv');
    const rows = spreadsheet(file);
    expect(rows[0]).toEqual([
      'CPF',
      'Nome',
      'Nascimento',
      'Carteirinha',
      'Título',
      'Titular',
      'E-mail',
      'Bloqueado',
    ]);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['Ângela Conceição', '01/12/2010', 'BR0002', 'Família Conceição', 'não', '', 'não'],
      [
        'João Conceição',
        '28/02/1970',
        'BR0001',
        'Família Conceição',
        'sim',
        'joao@example.com',
        'não',
      ],
      ['Zé D\'Ávila; "Zezinho"', '10/05/1990', '000123', 'Título Único', 'sim', '', 'sim'],
    ]);

    const same = await upload(club, file);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<AssociateImportReport>()).toMatchObject({
      applied: true,
      total: 3,
      created: 0,
      updated: 0,
      unchanged: 3,
      rejected: 0,
    });

    // Into an empty club it makes the same membership, which exports to the same file.
    const empty = await createClubWithBearer(context.app);
    const created = await upload(empty, file);
    expect(created.json<AssociateImportReport>()).toMatchObject({ created: 3, rejected: 0 });
    expect((await download(empty, 'associate/export.csv')).equals(file)).toBe(true);
  });

  it('exports the search and filters of the list', async () => {
    const club = await createClubWithBearer(context.app);
    await membership(club);
    const names = async (query: Record<string, string>) =>
      spreadsheet(await download(club, 'associate/export.csv', query))
        .slice(1)
        .map((row) => row[1]);
    expect(await names({ search: 'conceicao' })).toEqual(['Ângela Conceição', 'João Conceição']);
    expect(await names({ isHolder: 'false' })).toEqual(['Ângela Conceição']);
    expect(await names({ search: 'BR0001' })).toEqual(['João Conceição']);
  });

  it('refuses a file that is not of the export shape, and Recepção the export', async () => {
    const club = await createClubWithBearer(context.app);
    const wrong = await upload(
      club,
      Buffer.from('\ufeffInício;Fim;Espaço\r\n01/06/2026 08:00;x;y\r\n'),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'CsvMissingColumns' });
    const user = await createUser(context.db);
    await addStaff(context.db, club.company.id, user.id, 'recepcao');
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/associate/export.csv',
      headers: await bearerFor(context.app, user.cpf),
      query: { companyId: club.company.id },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/backoffice/appointment/export.csv and blocked-time/export.csv', () => {
  it('exports a period of the club or a place in club time, formulas neutralised', async () => {
    const club = await createClubWithBearer(context.app);
    const db = context.db;
    const court = await createPlace(db, club.company.id, { name: 'Quadra Central' });
    const pool = await createPlace(db, club.company.id, { name: 'Piscina' });
    const member = await createAssociate(db, club.company.id, { name: '=cmd|"/c calc"!A1' });
    const at = (iso: string) => new Date(iso);
    const row = (place: typeof court, startsAt: string, extra = {}) => ({
      companyId: club.company.id,
      placeId: place.id,
      associateId: member.id,
      associateTitleId: member.associateTitleId,
      startsAt: at(startsAt),
      endsAt: new Date(at(startsAt).getTime() + 3_600_000),
      createdBy: club.staff.id,
      createdAt: at('2026-05-20T12:00:00Z'),
      ...extra,
    });
    await db.insert(appointments).values([
      // 11:00 UTC is 08:00 in São Paulo.
      row(court, '2026-06-01T11:00:00Z'),
      row(pool, '2026-06-02T13:00:00Z', {
        status: 'CANCELLED',
        cancelledAt: at('2026-06-01T20:30:00Z'),
        cancellationReason: '+Chuva\nforte',
      }),
      // 1 July 02:00 UTC is still 30 June in São Paulo: in the period.
      row(court, '2026-07-01T02:00:00Z'),
      // Outside the period.
      row(court, '2026-07-01T03:00:00Z'),
      row(court, '2026-05-31T23:00:00Z', { exceptionReason: '@torneio' }),
    ]);
    await createBlockedTime(db, court, {
      startsAt: '2026-06-10T12:00:00Z',
      endsAt: '2026-06-10T14:00:00Z',
      description: '-Reforma',
    });
    const june = { period: 'custom', from: '2026-06-01', to: '2026-06-30' };
    const rows = spreadsheet(await download(club, 'appointment/export.csv', june));
    expect(rows[0]).toEqual([
      'Início',
      'Fim',
      'Espaço',
      'Categoria',
      'Associado',
      'Carteirinha',
      'Título',
      'Situação',
      'Reservado por',
      'Reservado em',
      'Cancelado em',
      'Motivo do cancelamento',
      'Exceção',
    ]);
    expect(
      rows.slice(1).map((cells) => [cells[0], cells[1], cells[2], cells[7], cells[10], cells[11]]),
    ).toEqual([
      ['01/06/2026 08:00', '01/06/2026 09:00', 'Quadra Central', 'Agendada', '', ''],
      [
        '02/06/2026 10:00',
        '02/06/2026 11:00',
        'Piscina',
        'Cancelada',
        '01/06/2026 17:30',
        "'+Chuva\nforte",
      ],
      ['30/06/2026 23:00', '01/07/2026 00:00', 'Quadra Central', 'Agendada', '', ''],
    ]);
    expect(rows[1]![4]).toBe('\'=cmd|"/c calc"!A1');
    expect(rows[1]![9]).toBe('20/05/2026 09:00');

    const onePlace = spreadsheet(
      await download(club, 'appointment/export.csv', { ...june, placeId: pool.id }),
    );
    expect(onePlace.slice(1).map((cells) => cells[2])).toEqual(['Piscina']);
    const may = spreadsheet(
      await download(club, 'appointment/export.csv', {
        period: 'custom',
        from: '2026-05-31',
        to: '2026-05-31',
      }),
    );
    expect(may[1]![12]).toBe("'@torneio");

    const blocks = spreadsheet(await download(club, 'blocked-time/export.csv', june));
    expect(blocks).toEqual([
      ['Início', 'Fim', 'Espaço', 'Motivo', 'Recorrente', 'Criado em'],
      [
        '10/06/2026 09:00',
        '10/06/2026 11:00',
        'Quadra Central',
        "'-Reforma",
        'não',
        expect.any(String),
      ],
    ]);
  });

  it("refuses another club's place and a reversed period", async () => {
    const club = await createClubWithBearer(context.app);
    const other = await createClubWithBearer(context.app);
    const foreign = await createPlace(context.db, other.company.id);
    for (const url of ['appointment/export.csv', 'blocked-time/export.csv']) {
      const cases: Array<[Record<string, string>, string]> = [
        [{ period: 'this-month', placeId: foreign.id }, 'ReportPlaceOfAnotherClub'],
        [{ period: 'custom', from: '2026-06-02', to: '2026-06-01' }, 'ReportRangeReversed'],
      ];
      for (const [query, code] of cases) {
        const response = await context.app.inject({
          method: 'GET',
          url: `/api/backoffice/${url}`,
          headers: club.headers,
          query: { companyId: club.company.id, ...query },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: code });
      }
    }
  });
});
