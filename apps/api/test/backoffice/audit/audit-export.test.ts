import { auditEvents } from '@clube/db';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createAssociate, createClubWithBearer } from '../../factories';
import { build } from '../../helper';

const context = build();

describe('GET /api/backoffice/audit/export.csv', () => {
  it('streams a CSV that a Portuguese spreadsheet reads back: BOM, `;`, club time, no formulas', async () => {
    const club = await createClubWithBearer(context.app);
    const hostile = await createAssociate(context.db, club.company.id, {
      name: '=HYPERLINK("http://mal.example","x")',
    });
    await context.db.insert(auditEvents).values([
      {
        companyId: club.company.id,
        actorUserId: club.staff.id,
        action: 'associate.block',
        entityType: 'associate',
        entityId: hostile.id,
        associateId: hostile.id,
        data: {
          reason: '+1; "dívida"\nsegunda linha',
          startsAt: '2026-06-12T13:00:00.000Z',
          after: { blocked: true },
        },
        // 15:05 UTC is 12:05 in São Paulo.
        createdAt: new Date('2026-06-10T15:05:00Z'),
      },
      {
        companyId: club.company.id,
        actorUserId: null,
        action: 'company.update',
        entityType: 'company',
        entityId: club.company.id,
        data: { before: { name: '@antigo' }, after: { name: '-novo' } },
        createdAt: new Date('2026-06-10T02:30:00Z'),
      },
    ]);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit/export.csv',
      headers: club.headers,
      query: { companyId: club.company.id, from: '2026-06-09', to: '2026-06-10' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('auditoria.csv');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    // As a spreadsheet opens it: UTF-8, BOM stripped, `;` between cells, quoted newlines kept.
    const rows = parse(bytes.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'Data e hora',
      'Quem',
      'Tipo de pessoa',
      'Ação',
      'Espaço',
      'Associado',
      'Alterações',
      'Detalhes',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        '10/06/2026 12:05',
        club.staff.name,
        'Funcionário',
        'Associado bloqueado',
        '',
        `'=HYPERLINK("http://mal.example","x")`,
        'Bloqueado: — → sim',
        `Motivo: +1; "dívida"\nsegunda linha\nInício: 12/06/2026 10:00`,
      ],
      [
        '09/06/2026 23:30',
        'Sistema',
        'Sistema',
        'Configurações do clube alteradas',
        '',
        '',
        'Nome: @antigo → -novo',
        '',
      ],
    ]);
    // No cell a spreadsheet would run as a formula.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('keeps a reason with bare line breaks in one cell: no row of the file starts with a formula', async () => {
    const club = await createClubWithBearer(context.app);
    const reason = 'x\n=1+1\n@SUM(1+1)\r-2';
    await context.db.insert(auditEvents).values({
      companyId: club.company.id,
      actorUserId: club.staff.id,
      action: 'appointment.cancel',
      entityType: 'appointment',
      entityId: club.company.id,
      data: { reason },
      createdAt: new Date('2026-06-10T15:05:00Z'),
    });
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit/export.csv',
      headers: club.headers,
      query: { companyId: club.company.id, from: '2026-06-10', to: '2026-06-10' },
    });
    expect(response.statusCode, response.body).toBe(200);
    // As a spreadsheet reads it: a line break outside quotes, CR or LF alone too, ends a row.
    const rows = parse(response.rawPayload.toString('utf8'), {
      bom: true,
      delimiter: ';',
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
    // The header and the one entry, its reason whole in its cell.
    expect(rows).toHaveLength(2);
    expect(rows[1]![7]).toBe(`Motivo: ${reason}`);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
