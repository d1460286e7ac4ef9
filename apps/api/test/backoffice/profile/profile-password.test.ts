import { auditEvents } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changePasswordLimits } from '../../../src/services/auth/change-own-password';
import { createClubWithStaff, login, staffPassword } from '../../factories';
import { build } from '../../helper';

const context = build();

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

const changePassword = (payload: object, accessToken: string) =>
  context.app.inject({
    method: 'PATCH',
    url: '/api/backoffice/profile/password',
    payload,
    headers: bearer(accessToken),
  });

const refresh = (refreshToken: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: refreshToken },
  });

const tryLogin = (cpf: string, password: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { cpf: formatCpf(cpf), password },
  });

describe('PATCH /api/backoffice/profile/password', () => {
  it('changes the password and answers a new session; other sessions end, this one goes on', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const thisDevice = await login(context.app, staff.cpf);
    const otherDevice = await login(context.app, staff.cpf);

    const response = await changePassword(
      { currentPassword: staffPassword, newPassword: 'nova-senha-123' },
      thisDevice.access_token,
    );

    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user: { id: staff.id, name: staff.name, cpf: staff.cpf, mustChangePassword: false },
    });
    expect(session.refresh_token).not.toBe(thisDevice.refresh_token);

    for (const oldToken of [thisDevice.refresh_token, otherDevice.refresh_token]) {
      const rejected = await refresh(oldToken);
      expect(rejected.statusCode).toBe(401);
      expect(rejected.json().error).toBe('Refresh token expirado');
    }

    const companies = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/company',
      headers: bearer(session.access_token),
    });
    expect(companies.statusCode).toBe(200);
    const renewed = await refresh(session.refresh_token);
    expect(renewed.statusCode).toBe(200);

    expect((await tryLogin(staff.cpf, staffPassword)).statusCode).toBe(401);
    expect((await tryLogin(staff.cpf, 'nova-senha-123')).statusCode).toBe(200);
  });

  it('audits the change without the password', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const { access_token } = await login(context.app, staff.cpf);

    await changePassword(
      { currentPassword: staffPassword, newPassword: 'outra-senha-456' },
      access_token,
    );

    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, staff.id), eq(auditEvents.action, 'user.change-password')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: staff.id, entityType: 'user' });
    expect(JSON.stringify(audit[0])).not.toContain('outra-senha-456');
    expect(JSON.stringify(audit[0])).not.toContain(staffPassword);
  });

  it('answers 422 InvalidOldPassword for a wrong current password and keeps everything', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const session = await login(context.app, staff.cpf);

    const response = await changePassword(
      { currentPassword: 'nao-e-esta', newPassword: 'nova-senha-123' },
      session.access_token,
    );

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      error: 'InvalidOldPassword',
      message: 'A senha atual está incorreta.',
    });
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
    expect((await tryLogin(staff.cpf, staffPassword)).statusCode).toBe(200);
    expect((await tryLogin(staff.cpf, 'nova-senha-123')).statusCode).toBe(401);
  });

  it('refuses missing fields and a new password shorter than 6 characters', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const { access_token } = await login(context.app, staff.cpf);

    const missing = await changePassword({}, access_token);
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['currentPassword', 'newPassword']);

    const empty = await changePassword({ currentPassword: '', newPassword: '' }, access_token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      { in: 'body', path: 'currentPassword', message: 'Campo obrigatório!' },
      { in: 'body', path: 'newPassword', message: 'Campo obrigatório!' },
    ]);

    const short = await changePassword(
      { currentPassword: staffPassword, newPassword: '12345' },
      access_token,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([
      { in: 'body', path: 'newPassword', message: 'Senha inválida' },
    ]);
    expect((await tryLogin(staff.cpf, staffPassword)).statusCode).toBe(200);
  });

  it('throttles wrong current passwords: after the limit even the right one answers 429', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const { access_token } = await login(context.app, staff.cpf);

    for (let attempt = 0; attempt < changePasswordLimits.perUser; attempt += 1) {
      const wrong = await changePassword(
        { currentPassword: `errada-${attempt}`, newPassword: 'nova-senha-123' },
        access_token,
      );
      expect(wrong.statusCode).toBe(422);
    }
    const blocked = await changePassword(
      { currentPassword: staffPassword, newPassword: 'nova-senha-123' },
      access_token,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('TooManyRequests');
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await tryLogin(staff.cpf, staffPassword)).statusCode).toBe(200);
  });

  it('does not count a right current password against the limit', async () => {
    const { staff } = await createClubWithStaff(context.db);
    let password = staffPassword;
    let { access_token } = await login(context.app, staff.cpf);

    for (let change = 0; change <= changePasswordLimits.perUser; change += 1) {
      const next = `senha-${change}-ok`;
      const response = await changePassword(
        { currentPassword: password, newPassword: next },
        access_token,
      );
      expect(response.statusCode).toBe(200);
      password = next;
      access_token = response.json().access_token;
    }
  });

  it('requires a bearer token', async () => {
    const response = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/profile/password',
      payload: { currentPassword: staffPassword, newPassword: 'nova-senha-123' },
    });
    expect(response.statusCode).toBe(401);
  });
});
