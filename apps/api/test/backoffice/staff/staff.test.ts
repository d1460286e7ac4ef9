import { auditEvents, companyStaff, places, users } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStaff } from '../../../src/services/staff/create-staff';
import {
  bearerFor,
  createClubWithBearer,
  createClubWithStaff,
  createPlace,
  createUser,
  login,
  staffPassword,
  uniqueCpf,
} from '../../factories';
import { build } from '../../helper';

const context = build();

const staffUrl = (companyId: string, userId?: string) =>
  `/api/backoffice/company/${companyId}/staff${userId ? `/${userId}` : ''}`;

async function addPerson(
  headers: Record<string, string>,
  companyId: string,
  body: Record<string, unknown>,
) {
  return context.app.inject({ method: 'POST', url: staffUrl(companyId), headers, payload: body });
}

async function auditOf(companyId: string, action: string) {
  return context.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)));
}

describe('staff of a club', () => {
  it('lists the club staff with their roles, to administrators only', async () => {
    const { company, staff, headers } = await createClubWithBearer(context.app);
    const response = await context.app.inject({ url: staffUrl(company.id), headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      expect.objectContaining({
        userId: staff.id,
        role: 'administrador',
        mustChangePassword: false,
      }),
    ]);

    const clerk = await createUser(context.db);
    await context.db
      .insert(companyStaff)
      .values({ companyId: company.id, userId: clerk.id, role: 'recepcao' });
    const clerkHeaders = await bearerFor(context.app, clerk.cpf);
    const refused = await context.app.inject({ url: staffUrl(company.id), headers: clerkHeaders });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('PermissionDenied');
  });

  it('invites a new person with a one-time password that must be changed before anything else', async () => {
    const { company, staff, headers } = await createClubWithBearer(context.app);
    const cpf = uniqueCpf();
    const added = await addPerson(headers, company.id, {
      cpf: formatCpf(cpf),
      name: '  Rita Recepção ',
      email: 'rita@example.com',
      role: 'recepcao',
    });
    expect(added.statusCode).toBe(201);
    const { member, oneTimePassword, invitation } = added.json();
    // This server sends no mail (no SMTP_URL): the e-mail given changes nothing of that.
    expect(invitation).toBeNull();
    const delivery = await context.app.inject({ url: '/api/auth/mail-delivery' });
    expect(delivery.json()).toEqual({ sendsMail: false });
    // Pending: the club sees what it typed until the person accepts.
    expect(member).toMatchObject({
      name: 'Rita Recepção',
      cpf,
      email: 'rita@example.com',
      role: 'recepcao',
      mustChangePassword: false,
      invitationPending: true,
    });
    expect(oneTimePassword).toMatch(/^[a-z2-9]{12}$/);
    // The account has no password, and no e-mail, until the person accepts.
    const [account] = await context.db.select().from(users).where(eq(users.cpf, cpf));
    expect(account).toMatchObject({ passwordHash: null, email: null });

    // The sign-in says a change is required, and nothing opens until it is made.
    const session = await login(context.app, cpf, oneTimePassword);
    expect(session.user).toMatchObject({ mustChangePassword: true });
    const bearer = { authorization: `Bearer ${session.access_token}` };
    const blocked = await context.app.inject({
      url: `/api/backoffice/place/company/${company.id}`,
      headers: bearer,
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('PasswordChangeRequired');

    const changed = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/profile/password',
      headers: bearer,
      payload: { currentPassword: oneTimePassword, newPassword: 'minha-senha-nova' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.mustChangePassword).toBe(false);
    const opened = await context.app.inject({
      url: `/api/backoffice/place/company/${company.id}`,
      headers: { authorization: `Bearer ${changed.json().access_token}` },
    });
    expect(opened.statusCode).toBe(200);
    const listed = await context.app.inject({ url: staffUrl(company.id), headers });
    expect(listed.json().items).toContainEqual(
      expect.objectContaining({ userId: member.userId, invitationPending: false }),
    );
    // The same access token as before the change opens the club too: the flag is read each time.
    const sameToken = await context.app.inject({
      url: `/api/backoffice/place/company/${company.id}`,
      headers: bearer,
    });
    expect(sameToken.statusCode).not.toBe(403);

    const [event] = await auditOf(company.id, 'staff.add');
    expect(event).toMatchObject({
      actorUserId: staff.id,
      entityId: member.userId,
      data: { role: 'recepcao', oneTimePassword: true },
    });
    const [accepted] = await auditOf(company.id, 'staff.accept');
    expect(accepted).toMatchObject({
      actorUserId: member.userId,
      data: { role: 'recepcao', proof: 'one-time-password', newPassword: true },
    });
  });

  it('invites an existing account like a new one: the account untouched and unrevealed', async () => {
    const { company: otherClub, staff: person } = await createClubWithStaff(context.db);
    const { company, headers } = await createClubWithBearer(context.app);
    const [before] = await context.db.select().from(users).where(eq(users.id, person.id));

    const added = await addPerson(headers, company.id, {
      cpf: person.cpf,
      name: 'Outro Nome',
      email: 'outro@example.com',
      role: 'consulta',
    });
    expect(added.statusCode).toBe(201);
    // The answer says nothing of the account: what was typed, and a one-time password.
    expect(added.json().oneTimePassword).toMatch(/^[a-z2-9]{12}$/);
    expect(added.json().member).toMatchObject({
      userId: person.id,
      name: 'Outro Nome',
      email: 'outro@example.com',
      invitationPending: true,
    });
    const [after] = await context.db.select().from(users).where(eq(users.id, person.id));
    expect(after).toEqual(before);

    // Their own password alone opens only the club they were already in.
    const session = await login(context.app, person.cpf, staffPassword);
    const clubsOf = async (accessToken: string) => {
      const clubs = await context.app.inject({
        url: '/api/backoffice/company',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return Object.fromEntries(
        clubs.json().items.map((club: { id: string; role: string }) => [club.id, club.role]),
      );
    };
    expect(await clubsOf(session.access_token)).toEqual({ [otherClub.id]: 'administrador' });

    // With their password and the club's code, they accept it: the password stays theirs.
    const accepted = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        cpf: person.cpf,
        password: staffPassword,
        invitation: added.json().oneTimePassword,
      },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user.mustChangePassword).toBe(false);
    expect(await clubsOf(accepted.json().access_token)).toEqual({
      [company.id]: 'consulta',
      [otherClub.id]: 'administrador',
    });
    const list = await context.app.inject({ url: staffUrl(company.id), headers });
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ userId: person.id, name: person.name, invitationPending: false }),
    );

    const again = await addPerson(headers, company.id, {
      cpf: person.cpf,
      name: 'Outro Nome',
      role: 'recepcao',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('StaffAlreadyMember');
  });

  it('requires a name, whether the CPF has an account or not, and a valid role', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const { staff: existing } = await createClubWithStaff(context.db);
    for (const cpf of [uniqueCpf(), existing.cpf]) {
      const noName = await addPerson(headers, company.id, { cpf, role: 'consulta' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().details).toEqual([
        expect.objectContaining({ path: 'name', message: 'O nome é obrigatório.' }),
      ]);
    }
    const badRole = await addPerson(headers, company.id, {
      cpf: uniqueCpf(),
      name: 'X',
      role: 'dono',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error).toBe('ValidationError');
  });

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

  it('answers 403 for a club of the caller whose role lacks the permission, whatever their role elsewhere', async () => {
    const { company: managed, headers } = await createClubWithBearer(context.app);
    const { company: frontDesk } = await createClubWithStaff(context.db);
    const [me] = await context.db
      .select()
      .from(companyStaff)
      .where(eq(companyStaff.companyId, managed.id));
    await context.db
      .insert(companyStaff)
      .values({ companyId: frontDesk.id, userId: me!.userId, role: 'recepcao' });
    const settings = await context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/company/${frontDesk.id}`,
      headers,
      payload: { name: 'Tomado', timezone: 'America/Sao_Paulo' },
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error).toBe('PermissionDenied');
    const team = await context.app.inject({ url: staffUrl(frontDesk.id), headers });
    expect(team.statusCode).toBe(403);
    // Their own club's settings stay open to them.
    const own = await context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/company/${managed.id}`,
      headers,
      payload: { name: 'Meu clube', timezone: 'America/Sao_Paulo' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers 403 for a row addressed by id alone in a club where the role lacks the permission, 404 where the person is not staff', async () => {
    const { company: managed, headers } = await createClubWithBearer(context.app);
    const { company: frontDesk } = await createClubWithStaff(context.db);
    const { company: elsewhere } = await createClubWithStaff(context.db);
    const [me] = await context.db
      .select()
      .from(companyStaff)
      .where(eq(companyStaff.companyId, managed.id));
    await context.db
      .insert(companyStaff)
      .values({ companyId: frontDesk.id, userId: me!.userId, role: 'recepcao' });
    const placeOf = async (companyId: string) => createPlace(context.db, companyId);
    const atFrontDesk = await placeOf(frontDesk.id);
    const atElsewhere = await placeOf(elsewhere.id);

    const archive = (placeId: string) =>
      context.app.inject({ method: 'DELETE', url: `/api/backoffice/place/${placeId}`, headers });
    const refused = await archive(atFrontDesk.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('PermissionDenied');
    const category = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/category/${atFrontDesk.categoryId}`,
      headers,
    });
    expect(category.statusCode).toBe(403);
    const [kept] = await context.db.select().from(places).where(eq(places.id, atFrontDesk.id));
    expect(kept!.archivedAt).toBeNull();

    // A club they are not staff of, and a row that does not exist: 404 alike.
    const foreign = await archive(atElsewhere.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('PlaceNotFound');
    expect((await archive(crypto.randomUUID())).statusCode).toBe(404);
    // What the role allows at the front desk still answers as before.
    const read = await context.app.inject({
      url: `/api/backoffice/place/${atFrontDesk.id}`,
      headers,
    });
    expect(read.statusCode).toBe(200);
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
