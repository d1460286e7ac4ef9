import { companyStaff } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStaff } from '../../../src/services/staff/create-staff';
import {
  bearerFor,
  createClubWithBearer,
  createClubWithStaff,
  createUser,
  uniqueCpf,
} from '../../factories';
import { build } from '../../helper';
import { staffScene, staffUrl } from './staff-scene';

const context = build();
const { auditOf } = staffScene(context);

describe('staff of a club', () => {
  it('changes a role, effective on the next request with the same token', async () => {
    const { company, staff, headers } = await createClubWithBearer(context.app);
    const clerk = await createUser(context.db);
    await context.db
      .insert(companyStaff)
      .values({ companyId: company.id, userId: clerk.id, role: 'recepcao' });
    const clerkHeaders = await bearerFor(context.app, clerk.cpf);
    const settings = () =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/backoffice/company/${company.id}`,
        headers: clerkHeaders,
        payload: { name: 'Novo nome', timezone: 'America/Sao_Paulo' },
      });
    expect((await settings()).statusCode).toBe(403);

    const promoted = await context.app.inject({
      method: 'PATCH',
      url: staffUrl(company.id, clerk.id),
      headers,
      payload: { role: 'administrador' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('administrador');
    expect((await settings()).statusCode).toBe(200);

    const [event] = await auditOf(company.id, 'staff.change-role');
    expect(event).toMatchObject({
      actorUserId: staff.id,
      entityId: clerk.id,
      data: { before: { role: 'recepcao' }, after: { role: 'administrador' } },
    });
  });

  it('never leaves a club without an administrator', async () => {
    const { company, staff, headers } = await createClubWithBearer(context.app);
    const demote = await context.app.inject({
      method: 'PATCH',
      url: staffUrl(company.id, staff.id),
      headers,
      payload: { role: 'consulta' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe('LastAdministrator');
    const remove = await context.app.inject({
      method: 'DELETE',
      url: staffUrl(company.id, staff.id),
      headers,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error).toBe('LastAdministrator');

    // With a second administrator, two demotions at once still leave one.
    const second = await createUser(context.db);
    await context.db.insert(companyStaff).values({ companyId: company.id, userId: second.id });
    const secondHeaders = await bearerFor(context.app, second.cpf);
    const [first, other] = await Promise.all([
      context.app.inject({
        method: 'PATCH',
        url: staffUrl(company.id, second.id),
        headers,
        payload: { role: 'consulta' },
      }),
      context.app.inject({
        method: 'PATCH',
        url: staffUrl(company.id, staff.id),
        headers: secondHeaders,
        payload: { role: 'consulta' },
      }),
    ]);
    // One wins; the other is refused, as the last administrator (409) or, when it began after
    // the first had committed, as a caller no longer administrator (403).
    const statuses = [first.statusCode, other.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await context.db
      .select()
      .from(companyStaff)
      .where(and(eq(companyStaff.companyId, company.id), eq(companyStaff.role, 'administrador')));
    expect(admins).toHaveLength(1);
  });

  it('removes a person from the club: their next request opens nothing of it', async () => {
    const { company, staff, headers } = await createClubWithBearer(context.app);
    const { company: otherClub } = await createClubWithStaff(context.db);
    const clerk = await createUser(context.db);
    await context.db.insert(companyStaff).values([
      { companyId: company.id, userId: clerk.id, role: 'recepcao' },
      { companyId: otherClub.id, userId: clerk.id, role: 'recepcao' },
    ]);
    const clerkHeaders = await bearerFor(context.app, clerk.cpf);
    const places = (companyId: string) =>
      context.app.inject({
        url: `/api/backoffice/place/company/${companyId}`,
        headers: clerkHeaders,
      });
    expect((await places(company.id)).statusCode).toBe(200);

    const removed = await context.app.inject({
      method: 'DELETE',
      url: staffUrl(company.id, clerk.id),
      headers,
    });
    expect(removed.statusCode).toBe(200);
    const after = await places(company.id);
    expect(after.statusCode).toBe(404);
    expect(after.json().error).toBe('CompanyNotFound');
    // The other club is still theirs.
    expect((await places(otherClub.id)).statusCode).toBe(200);

    const [event] = await auditOf(company.id, 'staff.remove');
    expect(event).toMatchObject({
      actorUserId: staff.id,
      entityId: clerk.id,
      data: { role: 'recepcao' },
    });

    const missing = await context.app.inject({
      method: 'DELETE',
      url: staffUrl(company.id, clerk.id),
      headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('StaffMemberNotFound');
  });
});

describe('create-staff (CLI service) roles', () => {
  it('makes the first staff of a club its administrator and requires a role afterwards', async () => {
    const { company } = await createClubWithStaff(context.db);
    await expect(
      createStaff(context.db, {
        cpf: uniqueCpf(),
        name: 'Sem papel',
        password: 'senha-123',
        companyId: company.id,
      }),
    ).rejects.toMatchObject({ code: 'StaffRoleRequired' });
    const clerk = await createStaff(context.db, {
      cpf: uniqueCpf(),
      name: 'Com papel',
      password: 'senha-123',
      companyId: company.id,
      role: 'recepcao',
    });
    expect(clerk.role).toBe('recepcao');

    const { createCompany } = await import('../../../src/services/companies/create-company');
    const empty = await createCompany(context.db, { name: 'Vazio', timezone: 'America/Sao_Paulo' });
    const first = await createStaff(context.db, {
      cpf: uniqueCpf(),
      name: 'Primeira',
      password: 'senha-123',
      companyId: empty.id,
    });
    expect(first.role).toBe('administrador');
    await expect(
      createStaff(context.db, {
        cpf: first.cpf,
        name: 'Primeira',
        password: 'senha-123',
        companyId: empty.id,
        role: 'consulta',
      }),
    ).rejects.toMatchObject({ code: 'LastAdministrator' });
  });
});
