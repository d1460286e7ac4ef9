import { auditEvents, categories } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCategory,
  createClubWithStaff,
  createPlace,
  createClubWithBearer,
} from '../../factories';
import { build } from '../../helper';

const context = build();

const clubWithHeaders = () => createClubWithBearer(context.app);

describe('POST /api/backoffice/category', () => {
  it('creates a category with its rule flags and records who did it', async () => {
    const { company, staff, headers } = await clubWithHeaders();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/category',
      headers,
      payload: { companyId: company.id, name: '  Churrasqueiras ', blockedAppointmentDay: true },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      companyId: company.id,
      name: 'Churrasqueiras',
      blockedAppointmentDay: true,
      notAppointmentPreviousDayTime: false,
      waitlistEnabled: true,
    });
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, body.id), eq(auditEvents.action, 'category.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(staff.id);
  });

  it('refuses a name the club already has, whatever its case and accents (409 CategoryNameTaken)', async () => {
    const { company, headers } = await clubWithHeaders();
    const other = await clubWithHeaders();
    const create = (companyId: string, name: string, auth = headers) =>
      context.app.inject({
        method: 'POST',
        url: '/api/backoffice/category',
        headers: auth,
        payload: { companyId, name },
      });
    expect((await create(company.id, 'Salões')).statusCode).toBe(201);
    for (const name of ['salões', 'SALOES', ' Saloes ']) {
      const response = await create(company.id, name);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: 'CategoryNameTaken',
        message: 'Já existe uma categoria com esse nome neste clube.',
      });
    }
    // Another club may use the same name.
    expect((await create(other.company.id, 'Salões', other.headers)).statusCode).toBe(201);
  });

  it('requires a name', async () => {
    const { company, headers } = await clubWithHeaders();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/category',
      headers,
      payload: { companyId: company.id, name: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      expect.objectContaining({ path: 'name', message: 'Campo obrigatório!' }),
    ]);
  });

  it('answers 404 for a club the caller does not work for, and creates nothing', async () => {
    const mine = await clubWithHeaders();
    const theirs = await createClubWithStaff(context.db);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/category',
      headers: mine.headers,
      payload: { companyId: theirs.company.id, name: 'Intrusa' },
    });
    expect(response.statusCode).toBe(404);
    const rows = await context.db
      .select()
      .from(categories)
      .where(eq(categories.companyId, theirs.company.id));
    expect(rows).toEqual([]);
  });

  it('refuses a request without a token', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/backoffice/category' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/backoffice/category/company/:companyId', () => {
  it("lists the club's active categories by name", async () => {
    const { company, headers } = await clubWithHeaders();
    await createCategory(context.db, company.id, { name: 'Salões' });
    await createCategory(context.db, company.id, { name: 'Academia' });
    await createCategory(context.db, company.id, { name: 'Antiga', archivedAt: new Date() });
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/category/company/${company.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Academia',
      'Salões',
    ]);
  });

  it("answers 404 for another club's list", async () => {
    const mine = await clubWithHeaders();
    const theirs = await createClubWithStaff(context.db);
    await createCategory(context.db, theirs.company.id);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/category/company/${theirs.company.id}`,
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const { headers } = await clubWithHeaders();
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/category/company/42',
      headers,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PATCH /api/backoffice/category', () => {
  it('changes the fields sent and keeps the others', async () => {
    const { company, headers } = await clubWithHeaders();
    const category = await createCategory(context.db, company.id, {
      name: 'Quadras',
      blockedAppointmentDay: true,
    });
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/category',
      headers,
      payload: { id: category.id, name: 'Quadras cobertas', notAppointmentPreviousDayTime: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Quadras cobertas',
      blockedAppointmentDay: true,
      notAppointmentPreviousDayTime: true,
    });
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, category.id), eq(auditEvents.action, 'category.update')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a blank name and a missing id', async () => {
    const { company, headers } = await clubWithHeaders();
    const category = await createCategory(context.db, company.id);
    const blank = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/category',
      headers,
      payload: { id: category.id, name: '' },
    });
    expect(blank.statusCode).toBe(400);
    const noId = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/category',
      headers,
      payload: { name: 'X' },
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().details[0].path).toBe('id');
  });

  it("answers 404 for another club's category and leaves it unchanged", async () => {
    const mine = await clubWithHeaders();
    const theirs = await createClubWithStaff(context.db);
    const category = await createCategory(context.db, theirs.company.id, { name: 'Deles' });
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/category',
      headers: mine.headers,
      payload: { id: category.id, name: 'Minha' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('CategoryNotFound');
    const [row] = await context.db.select().from(categories).where(eq(categories.id, category.id));
    expect(row!.name).toBe('Deles');
  });
});

describe('DELETE /api/backoffice/category/:id', () => {
  it('archives an unused category: it leaves the list but its row stays', async () => {
    const { company, headers } = await clubWithHeaders();
    const category = await createCategory(context.db, company.id);
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/category/${category.id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await context.db.select().from(categories).where(eq(categories.id, category.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/category/company/${company.id}`,
      headers,
    });
    expect(list.json().items).toEqual([]);
    const again = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/category/${category.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses while an active place uses it (409 CategoryInUse); archived places do not count', async () => {
    const { company, headers } = await clubWithHeaders();
    const category = await createCategory(context.db, company.id);
    await createPlace(context.db, company.id, { categoryId: category.id, archivedAt: new Date() });
    const active = await createPlace(context.db, company.id, { categoryId: category.id });
    const refused = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/category/${category.id}`,
      headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('CategoryInUse');
    const [row] = await context.db.select().from(categories).where(eq(categories.id, category.id));
    expect(row!.archivedAt).toBeNull();

    await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${active.id}`,
      headers,
    });
    const allowed = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/category/${category.id}`,
      headers,
    });
    expect(allowed.statusCode).toBe(200);
  });

  it("answers 404 for another club's category and does not archive it", async () => {
    const mine = await clubWithHeaders();
    const theirs = await createClubWithStaff(context.db);
    const category = await createCategory(context.db, theirs.company.id);
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/category/${category.id}`,
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(404);
    const [row] = await context.db.select().from(categories).where(eq(categories.id, category.id));
    expect(row!.archivedAt).toBeNull();
  });
});
