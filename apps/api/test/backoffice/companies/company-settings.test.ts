import { auditEvents, companies } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearerFor, createClubWithStaff, createClubWithBearer } from '../../factories';
import { build } from '../../helper';

const context = build();

const patchCompany = (id: string, payload: object, headers: Record<string, string>) =>
  context.app.inject({ method: 'PATCH', url: `/api/backoffice/company/${id}`, payload, headers });

async function storedCompany(id: string) {
  const [row] = await context.db
    .select({ name: companies.name, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, id));
  return row;
}

/** Dates the club's creation (and last change) in the past, so a change now is visibly later. */
async function backdate(id: string) {
  const createdAt = new Date('2025-01-15T10:00:00.000Z');
  await context.db
    .update(companies)
    .set({ createdAt, updatedAt: createdAt })
    .where(eq(companies.id, id));
  return createdAt.toISOString();
}

describe('PATCH /api/backoffice/company/:id', () => {
  it('renames the club and moves it to another timezone, and audits the change', async () => {
    const { company, staff, headers } = await createClubWithBearer(context.app, {
      name: 'Clube Antigo',
    });
    const createdAt = await backdate(company.id);
    const before = Date.now();

    const response = await patchCompany(
      company.id,
      { name: '  Clube Novo  ', timezone: 'America/Manaus' },
      headers,
    );

    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toEqual({
      id: company.id,
      name: 'Clube Novo',
      logoUrl: null,
      timezone: 'America/Manaus',
      // The no-show policy is untouched when the body leaves it out: the defaults.
      noShowToleranceMinutes: 15,
      noShowSuspensionCount: null,
      noShowWindowDays: 30,
      noShowSuspensionDays: 7,
      reminderHours: null,
      waitlistOfferMinutes: 15,
      waitlistMaxPerTitle: 3,
      createdAt,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The change moves the last-modified instant to now; the creation stays where it was.
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(before);
    expect(await storedCompany(company.id)).toEqual({
      name: 'Clube Novo',
      timezone: 'America/Manaus',
    });
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, company.id), eq(auditEvents.action, 'company.update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      companyId: company.id,
      actorUserId: staff.id,
      entityType: 'company',
      data: {
        before: { name: 'Clube Antigo', timezone: 'America/Sao_Paulo' },
        after: { name: 'Clube Novo', timezone: 'America/Manaus' },
      },
    });

    const reread = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/company/${company.id}`,
      headers,
    });
    expect(reread.json()).toMatchObject({
      name: 'Clube Novo',
      timezone: 'America/Manaus',
      createdAt,
      updatedAt: updated.updatedAt,
    });
  });

  it('sets the hours before a booking its reminder goes out, and turns reminders off with null', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const base = { name: company.name, timezone: company.timezone };
    const on = await patchCompany(company.id, { ...base, reminderHours: 24 }, headers);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ reminderHours: 24 });
    const kept = await patchCompany(company.id, base, headers);
    expect(kept.json()).toMatchObject({ reminderHours: 24 });
    const tooMany = await patchCompany(company.id, { ...base, reminderHours: 169 }, headers);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Máximo 168 horas');
    const off = await patchCompany(company.id, { ...base, reminderHours: null }, headers);
    expect(off.json()).toMatchObject({ reminderHours: null });
  });

  it('accepts any IANA zone, not only the Brazilian ones the screen offers, in its own spelling', async () => {
    const { company, headers } = await createClubWithBearer(context.app);

    const utc = await patchCompany(company.id, { name: 'Clube', timezone: 'UTC' }, headers);
    expect(utc.json()).toMatchObject({ timezone: 'UTC' });

    const lisbon = await patchCompany(
      company.id,
      { name: 'Clube', timezone: 'europe/lisbon' },
      headers,
    );
    expect(lisbon.statusCode).toBe(200);
    expect(lisbon.json()).toMatchObject({ timezone: 'Europe/Lisbon' });
  });

  it('refuses an unknown timezone with a detail on the timezone field, changing nothing', async () => {
    const { company, headers } = await createClubWithBearer(context.app, {
      name: 'Clube Fixo',
    });

    const response = await patchCompany(
      company.id,
      { name: 'Outro Nome', timezone: 'America/Atlantida' },
      headers,
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'ValidationError',
      details: [{ in: 'body', path: 'timezone', message: expect.stringContaining('IANA') }],
    });
    expect(await storedCompany(company.id)).toEqual({
      name: 'Clube Fixo',
      timezone: 'America/Sao_Paulo',
    });
  });

  it('refuses a blank or missing name and a missing timezone', async () => {
    const { company, headers } = await createClubWithBearer(context.app, {
      name: 'Clube Fixo',
    });

    const blank = await patchCompany(
      company.id,
      { name: '   ', timezone: 'America/Sao_Paulo' },
      headers,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([
      { in: 'body', path: 'name', message: 'Campo obrigatório!' },
    ]);

    const missing = await patchCompany(company.id, {}, headers);
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['name', 'timezone']);

    const tooLong = await patchCompany(
      company.id,
      { name: 'x'.repeat(121), timezone: 'UTC' },
      headers,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(await storedCompany(company.id)).toEqual({
      name: 'Clube Fixo',
      timezone: 'America/Sao_Paulo',
    });
  });

  it('answers 404 for a club of somebody else, exactly like a missing one, changing nothing', async () => {
    const mine = await createClubWithStaff(context.db, { name: 'Meu Clube' });
    const theirs = await createClubWithStaff(context.db, { name: 'Clube Alheio' });
    const headers = await bearerFor(context.app, mine.staff.cpf);
    const payload = { name: 'Tomado', timezone: 'UTC' };

    const foreign = await patchCompany(theirs.company.id, payload, headers);
    const missing = await patchCompany('00000000-0000-4000-8000-000000000000', payload, headers);

    for (const response of [foreign, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'CompanyNotFound',
        message: 'Clube não encontrado.',
      });
    }
    expect(await storedCompany(theirs.company.id)).toEqual({
      name: 'Clube Alheio',
      timezone: 'America/Sao_Paulo',
    });
  });

  it('requires a bearer token', async () => {
    const { company } = await createClubWithStaff(context.db);
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/company/${company.id}`,
      payload: { name: 'Sem Token', timezone: 'UTC' },
    });
    expect(response.statusCode).toBe(401);
  });
});
