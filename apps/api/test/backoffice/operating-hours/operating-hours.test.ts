import { auditEvents, operatingHours } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClubWithStaff, createOperatingHours, createClubWithBearer } from '../../factories';
import { build } from '../../helper';

const context = build();

const openBeforeClose = 'O horário de abertura deve ser anterior ao horário de fechamento!';

const clubWithHeaders = () => createClubWithBearer(context.app);

function send(
  method: 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload: object,
) {
  return context.app.inject({ method, url, headers, payload });
}

const create = (headers: Record<string, string>, payload: object) =>
  send('POST', '/api/backoffice/operating-hour', headers, payload);
const update = (headers: Record<string, string>, payload: object) =>
  send('PATCH', '/api/backoffice/operating-hour/company', headers, payload);
const list = (headers: Record<string, string>, companyId: string) =>
  context.app.inject({
    method: 'GET',
    url: `/api/backoffice/operating-hour/company/${companyId}`,
    headers,
  });

async function rowsOf(companyId: string) {
  return context.db.select().from(operatingHours).where(eq(operatingHours.companyId, companyId));
}

describe('POST /api/backoffice/operating-hour', () => {
  it('creates the hours of a weekday, accepting HH:mm or an ISO date-time, and audits it', async () => {
    const { company, staff, headers } = await clubWithHeaders();

    const response = await create(headers, {
      companyId: company.id,
      dayOfWeek: 'SEGUNDA',
      openTime: '1970-01-01T06:30:00.000Z',
      closeTime: '22:00',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      companyId: company.id,
      dayOfWeek: 'SEGUNDA',
      openTime: '06:30',
      closeTime: '22:00',
    });

    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, body.id), eq(auditEvents.action, 'operating-hour.create')),
      );
    expect(audit).toMatchObject({ companyId: company.id, actorUserId: staff.id });
  });

  it('refuses a second row for the same club and weekday with 409', async () => {
    const { company, headers } = await clubWithHeaders();
    const payload = {
      companyId: company.id,
      dayOfWeek: 'TERCA',
      openTime: '06:00',
      closeTime: '20:00',
    };
    expect((await create(headers, payload)).statusCode).toBe(201);

    const duplicate = await create(headers, { ...payload, openTime: '07:00' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      error: 'OperatingHourExists',
      message: expect.stringContaining('Já existe um horário de funcionamento para este dia'),
    });
    const rows = await rowsOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.openTime).toBe('06:00:00');
  });

  it('refuses an opening time not before the closing time with the Portuguese message', async () => {
    const { company, headers } = await clubWithHeaders();
    for (const [openTime, closeTime] of [
      ['22:00', '06:00'],
      ['08:00', '08:00'],
    ]) {
      const response = await create(headers, {
        companyId: company.id,
        dayOfWeek: 'QUARTA',
        openTime,
        closeTime,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'OpenTimeAfterCloseTime',
        message: openBeforeClose,
        details: [{ path: 'closeTime', message: openBeforeClose }],
      });
    }
    expect(await rowsOf(company.id)).toHaveLength(0);
  });

  it('answers 400 with field details for a bad weekday or time', async () => {
    const { company, headers } = await clubWithHeaders();
    const response = await create(headers, {
      companyId: company.id,
      dayOfWeek: 'MONDAY',
      openTime: '25:00',
      closeTime: '22:00',
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['dayOfWeek', 'openTime']));
  });

  it('answers 404 for a club the caller is not staff of, creating nothing', async () => {
    const { headers } = await clubWithHeaders();
    const other = await createClubWithStaff(context.db);
    const response = await create(headers, {
      companyId: other.company.id,
      dayOfWeek: 'QUINTA',
      openTime: '06:00',
      closeTime: '22:00',
    });
    expect(response.statusCode).toBe(404);
    expect(await rowsOf(other.company.id)).toHaveLength(0);
  });
});

describe('GET /api/backoffice/operating-hour/company/{companyId}', () => {
  it('lists the club week from DOMINGO to SABADO as HH:mm', async () => {
    const { company, headers } = await clubWithHeaders();
    // Inserted out of order on purpose.
    await createOperatingHours(context.db, company.id, {
      days: ['SABADO', 'TERCA', 'DOMINGO'],
      openTime: '07:00',
      closeTime: '19:30',
    });
    const response = await list(headers, company.id);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((item: { dayOfWeek: string }) => item.dayOfWeek)).toEqual([
      'DOMINGO',
      'TERCA',
      'SABADO',
    ]);
    expect(items[0]).toEqual({
      id: expect.any(String),
      companyId: company.id,
      dayOfWeek: 'DOMINGO',
      openTime: '07:00',
      closeTime: '19:30',
    });
  });

  it('answers 404 for the hours of another club', async () => {
    const { headers } = await clubWithHeaders();
    const other = await createClubWithStaff(context.db);
    await createOperatingHours(context.db, other.company.id);
    const response = await list(headers, other.company.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'CompanyNotFound',
      message: 'Clube não encontrado.',
    });
  });
});

describe('PATCH /api/backoffice/operating-hour/company', () => {
  it('updates the weekday of the club and audits before and after', async () => {
    const { company, headers } = await clubWithHeaders();
    const [sunday] = await createOperatingHours(context.db, company.id, {
      days: ['DOMINGO'],
    });
    const response = await update(headers, {
      companyId: company.id,
      dayOfWeek: 'DOMINGO',
      openTime: '08:00',
      closeTime: '1970-01-01T18:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: sunday!.id,
      companyId: company.id,
      dayOfWeek: 'DOMINGO',
      openTime: '08:00',
      closeTime: '18:00',
    });
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, sunday!.id), eq(auditEvents.action, 'operating-hour.update')),
      );
    expect(audit?.data).toMatchObject({
      before: { openTime: '06:00', closeTime: '22:00' },
      after: { openTime: '08:00', closeTime: '18:00' },
    });
  });

  it('refuses an update whose opening is not before its closing, changing nothing', async () => {
    const { company, headers } = await clubWithHeaders();
    await createOperatingHours(context.db, company.id, { days: ['SEXTA'] });
    const response = await update(headers, {
      companyId: company.id,
      dayOfWeek: 'SEXTA',
      openTime: '23:00',
      closeTime: '07:00',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'OpenTimeAfterCloseTime',
      message: openBeforeClose,
    });
    const [row] = await rowsOf(company.id);
    expect([row!.openTime, row!.closeTime]).toEqual(['06:00:00', '22:00:00']);
  });

  it('answers 404 for a weekday without hours yet', async () => {
    const { company, headers } = await clubWithHeaders();
    const response = await update(headers, {
      companyId: company.id,
      dayOfWeek: 'SABADO',
      openTime: '08:00',
      closeTime: '12:00',
    });
    expect(response.statusCode).toBe(404);
    expect(await rowsOf(company.id)).toHaveLength(0);
  });

  it('answers 404 for a club the caller is not staff of, changing nothing', async () => {
    const { headers } = await clubWithHeaders();
    const other = await createClubWithStaff(context.db);
    await createOperatingHours(context.db, other.company.id, { days: ['SEGUNDA'] });
    const response = await update(headers, {
      companyId: other.company.id,
      dayOfWeek: 'SEGUNDA',
      openTime: '10:00',
      closeTime: '11:00',
    });
    expect(response.statusCode).toBe(404);
    const [row] = await rowsOf(other.company.id);
    expect(row!.openTime).toBe('06:00:00');
  });
});
