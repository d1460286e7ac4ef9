import { auditEvents, companyStaff } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setServerAdmin } from '../../../src/services/staff/set-server-admin';
import { createClubWithBearer } from '../../factories';
import { build } from '../../helper';

/** Clubs created from the app by the server's administrators (POST /company). */
const context = build();

const create = (headers: Record<string, string>, payload: object) =>
  context.app.inject({ method: 'POST', url: '/api/backoffice/company', headers, payload });
const listClubs = (headers: Record<string, string>) =>
  context.app.inject({ method: 'GET', url: '/api/backoffice/company', headers });

describe('POST /company', () => {
  it('lets a server administrator create a club, of which they become administrator', async () => {
    const { staff, headers } = await createClubWithBearer(context.app);
    await setServerAdmin(context.db, { cpf: staff.cpf, isServerAdmin: true });
    expect((await listClubs(headers)).json().canCreateClubs).toBe(true);
    const response = await create(headers, { name: '  Clube Novo ', timezone: 'America/Manaus' });
    expect(response.statusCode, response.body).toBe(201);
    const club = response.json();
    expect(club).toMatchObject({
      name: 'Clube Novo',
      timezone: 'America/Manaus',
      role: 'administrador',
    });
    const [membership] = await context.db
      .select()
      .from(companyStaff)
      .where(eq(companyStaff.companyId, club.id));
    expect(membership).toMatchObject({ userId: staff.id, role: 'administrador' });
    const [event] = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.companyId, club.id));
    expect(event).toMatchObject({ action: 'company.create', actorUserId: staff.id });
    const names = (await listClubs(headers))
      .json()
      .items.map((item: { name: string }) => item.name);
    expect(names).toContain('Clube Novo');
  });

  it("refuses a club's administrator who does not administer the server", async () => {
    const { headers } = await createClubWithBearer(context.app);
    expect((await listClubs(headers)).json().canCreateClubs).toBe(false);
    const response = await create(headers, { name: 'Clube Pirata' });
    expect(response.json()).toMatchObject({
      statusCode: 403,
      error: 'ServerAdministratorRequired',
    });
  });

  it('refuses a blank name and an unknown timezone', async () => {
    const { staff, headers } = await createClubWithBearer(context.app);
    await setServerAdmin(context.db, { cpf: staff.cpf, isServerAdmin: true });
    expect((await create(headers, { name: '   ' })).statusCode).toBe(400);
    const zone = await create(headers, { name: 'Clube X', timezone: 'Lua/Base' });
    expect(zone.json()).toMatchObject({ statusCode: 400, error: 'InvalidTimezone' });
  });
});
