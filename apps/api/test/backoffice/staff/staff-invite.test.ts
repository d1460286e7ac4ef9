import { companyStaff, users } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearerFor,
  createClubWithBearer,
  createClubWithStaff,
  createUser,
  login,
  staffPassword,
  uniqueCpf,
} from '../../factories';
import { build } from '../../helper';
import { staffScene, staffUrl } from './staff-scene';

const context = build();
const { addPerson, auditOf } = staffScene(context);

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
});
