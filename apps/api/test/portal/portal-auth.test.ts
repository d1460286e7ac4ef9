import { associates, auditEvents, refreshTokens } from '@clube/db';
import { createSigner, createDecoder } from 'fast-jwt';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginLimits } from '../../src/services/auth/login';
import { refreshReuseGraceSeconds } from '../../src/services/auth/refresh-tokens';
import {
  createAssociate,
  createClubWithBearer,
  createClubWithStaff,
  login,
  staffPassword,
  uniqueCpf,
  freshAddress,
  memberPassword,
  memberSession,
  portalLogin,
} from '../factories';
import { testJwtSecret, build } from '../helper';

const context = build();

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() });
const get = (url: string, headers: Record<string, string>) =>
  context.app.inject({ method: 'GET', url, headers });

describe('POST /api/portal/auth/login', () => {
  it('signs a member in to their club with a token of the associate realm', async () => {
    const { company } = await createClubWithStaff(context.db, { name: 'Clube Azul' });
    const member = await createAssociate(context.db, company.id, {
      password: memberPassword,
      name: 'Ana Sócia',
    });
    const response = await portalLogin(context.app, { cpf: member.cpf, password: memberPassword });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      needsClub: false,
      member: { id: member.id, name: 'Ana Sócia', cardId: member.cardId, isHolder: true },
      club: { id: company.id, name: 'Clube Azul', timezone: 'America/Sao_Paulo' },
      clubs: [{ id: company.id, name: 'Clube Azul', logoUrl: null }],
    });
    expect(createDecoder()(body.access_token)).toMatchObject({
      sub: member.id,
      realm: 'associate',
    });
    const [token] = await context.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.associateId, member.id));
    expect(token).toMatchObject({ userId: null, revokedAt: null });
  });

  it('answers the same 401 for an unknown cpf, a wrong password and a membership without password', async () => {
    const { company } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    const noPassword = await createAssociate(context.db, company.id);
    const responses = [
      await portalLogin(context.app, { cpf: uniqueCpf(), password: memberPassword }),
      await portalLogin(context.app, { cpf: member.cpf, password: 'errada-123' }),
      await portalLogin(context.app, { cpf: noPassword.cpf, password: memberPassword }),
    ];
    const bodies = responses.map((response) => [response.statusCode, response.json()]);
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toEqual([
      401,
      {
        statusCode: 401,
        error: 'Invalid user or password',
        message: 'Credenciais inválidas! Tente novamente.',
      },
    ]);
  });

  it('does not sign a staff member in with the staff password', async () => {
    const { company, staff } = await createClubWithStaff(context.db);
    await createAssociate(context.db, company.id, { cpf: staff.cpf, password: memberPassword });
    const response = await portalLogin(context.app, { cpf: staff.cpf, password: staffPassword });
    expect(response.statusCode).toBe(401);
  });

  describe('a cpf that is a member of two clubs', () => {
    async function twoClubs(secondPassword: string) {
      const cpf = uniqueCpf();
      const { company: first } = await createClubWithStaff(context.db, { name: 'A Clube' });
      const { company: second } = await createClubWithStaff(context.db, { name: 'B Clube' });
      const inFirst = await createAssociate(context.db, first.id, {
        cpf,
        password: memberPassword,
      });
      const inSecond = await createAssociate(context.db, second.id, {
        cpf,
        password: secondPassword,
      });
      return { cpf, first, second, inFirst, inSecond };
    }

    it('offers only the clubs whose membership password matched', async () => {
      const { cpf, first, inFirst } = await twoClubs('outra-senha');
      const response = await portalLogin(context.app, { cpf, password: memberPassword });
      expect(response.json()).toMatchObject({
        needsClub: false,
        member: { id: inFirst.id },
        clubs: [{ id: first.id }],
      });
      expect(response.json().clubs).toHaveLength(1);
    });

    it('asks which club when several match, then signs in to the chosen one', async () => {
      const { cpf, first, second, inSecond } = await twoClubs(memberPassword);
      const choice = await portalLogin(context.app, { cpf, password: memberPassword });
      expect(choice.statusCode).toBe(200);
      expect(choice.json()).toEqual({
        needsClub: true,
        clubs: [
          { id: first.id, name: 'A Clube', logoUrl: null },
          { id: second.id, name: 'B Clube', logoUrl: null },
        ],
      });
      const chosen = await portalLogin(context.app, {
        cpf,
        password: memberPassword,
        companyId: second.id,
      });
      expect(chosen.json()).toMatchObject({ member: { id: inSecond.id }, club: { id: second.id } });
    });

    it('refuses a chosen club whose membership password does not match', async () => {
      const { cpf, second } = await twoClubs('outra-senha');
      const response = await portalLogin(context.app, {
        cpf,
        password: memberPassword,
        companyId: second.id,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('Invalid user or password');
    });
  });

  it('answers 429 past the per-cpf limit, even to the right password; the back office is not locked', async () => {
    const { company, staff } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, {
      cpf: staff.cpf,
      password: memberPassword,
    });
    for (let attempt = 1; attempt <= loginLimits.perCpf; attempt += 1) {
      const response = await portalLogin(context.app, { cpf: member.cpf, password: 'errada-1' });
      expect(response.statusCode).toBe(401);
    }
    const over = await portalLogin(context.app, { cpf: member.cpf, password: 'errada-1' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    const right = await portalLogin(context.app, { cpf: member.cpf, password: memberPassword });
    expect(right.statusCode).toBe(429);
    // Separate counters: the person's staff login still works.
    await expect(login(context.app, staff.cpf)).resolves.toMatchObject({ user: { id: staff.id } });
  });

  it('answers 429 past the per-address limit, whatever the cpf', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= loginLimits.perAddress; attempt += 1) {
      const response = await portalLogin(
        context.app,
        { cpf: uniqueCpf(), password: 'errada-1' },
        address,
      );
      expect(response.statusCode).toBe(401);
    }
    const over = await portalLogin(context.app, { cpf: uniqueCpf(), password: 'x' }, address);
    expect(over.statusCode).toBe(429);
  });

  it('does not count a successful login against the limit', async () => {
    const { company } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    for (let attempt = 1; attempt <= loginLimits.perCpf + 2; attempt += 1) {
      const response = await portalLogin(context.app, {
        cpf: member.cpf,
        password: memberPassword,
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('realms', () => {
  it('a member token opens no back-office route, and a staff token no portal route', async () => {
    const { company, headers: staffHeaders } = await createClubWithBearer(context.app);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    const { headers: memberHeaders } = await memberSession(context.app, member);

    expect((await get('/api/backoffice/company', staffHeaders)).statusCode).toBe(200);
    expect((await get('/api/portal/me', memberHeaders)).statusCode).toBe(200);
    expect((await get('/api/backoffice/company', memberHeaders)).statusCode).toBe(401);
    expect((await get(`/api/backoffice/company/${company.id}`, memberHeaders)).statusCode).toBe(
      401,
    );
    expect((await get('/api/portal/me', staffHeaders)).statusCode).toBe(401);
    const patchWithStaff = await context.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/password',
      headers: staffHeaders,
      payload: { currentPassword: staffPassword, newPassword: 'nova-senha' },
    });
    expect(patchWithStaff.statusCode).toBe(401);
    expect((await get('/api/portal/me', {})).statusCode).toBe(401);
  });

  it('a member token stays refused by the back office even when its id is a staff account', async () => {
    // Ids of both realms are uuids: a forged associate-realm token naming a staff account (or a
    // future id collision) must still be refused by the realm, not only by the lookup.
    const { staff } = await createClubWithStaff(context.db);
    const signer = createSigner({ key: testJwtSecret });
    const forged = signer({ sub: staff.id, realm: 'associate' });
    const response = await get('/api/backoffice/company', { authorization: `Bearer ${forged}` });
    expect(response.statusCode).toBe(401);
  });

  it('reads the sessions of members arriving together afresh, one bad session failing only itself', async () => {
    // Members' sessions arriving at once are read in one query: a token naming no membership (a
    // deleted one, or an id that is no id) must answer its own 401 and leave the others' answers.
    const { company } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    const gone = await createAssociate(context.db, company.id, { password: memberPassword });
    const signer = createSigner({ key: testJwtSecret });
    const bearer = (sub: string) => ({
      authorization: `Bearer ${signer({ sub, realm: 'associate' })}`,
    });
    await context.db.delete(associates).where(eq(associates.id, gone.id));
    const [own, deleted, malformed] = await Promise.all([
      get('/api/portal/me', bearer(member.id)),
      get('/api/portal/me', bearer(gone.id)),
      get('/api/portal/me', bearer('not-an-id')),
    ]);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ member: { id: member.id } });
    for (const response of [deleted, malformed]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('MembershipEnded');
    }
  });

  it('a token without realm is a legacy staff token: the back office takes it, the portal does not', async () => {
    const { company, staff } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    const signer = createSigner({ key: testJwtSecret });
    const legacyStaff = { authorization: `Bearer ${signer({ sub: staff.id })}` };
    const legacyMember = { authorization: `Bearer ${signer({ sub: member.id })}` };
    expect((await get('/api/backoffice/company', legacyStaff)).statusCode).toBe(200);
    expect((await get('/api/portal/me', legacyStaff)).statusCode).toBe(401);
    expect((await get('/api/portal/me', legacyMember)).statusCode).toBe(401);
    expect((await get('/api/backoffice/company', legacyMember)).statusCode).toBe(401);
  });

  it('staff tokens now carry the staff realm', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const session = await login(context.app, staff.cpf);
    expect(createDecoder()(session.access_token)).toMatchObject({ sub: staff.id, realm: 'staff' });
  });

  it('refresh tokens do not cross realms', async () => {
    const { company, staff } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    const { session } = await memberSession(context.app, member);
    const staffSession = await login(context.app, staff.cpf);
    const asStaff = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    const asMember = await post('/api/portal/auth/refresh', {
      refresh_token: staffSession.refresh_token,
    });
    expect(asStaff.statusCode).toBe(401);
    expect(asMember.statusCode).toBe(401);
    // Neither attempt spent the token of the other realm.
    expect(
      (await post('/api/portal/auth/refresh', { refresh_token: session.refresh_token })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/refresh', { refresh_token: staffSession.refresh_token })).statusCode,
    ).toBe(200);
  });
});

describe('portal sessions', () => {
  it('rotates the refresh token; a rotated one presented again after the grace revokes the whole chain', async () => {
    const { company } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    const { session } = await memberSession(context.app, member);

    const first = await post('/api/portal/auth/refresh', { refresh_token: session.refresh_token });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated).toMatchObject({ needsClub: false, member: { id: member.id } });
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect(createDecoder()(rotated.access_token)).toMatchObject({ realm: 'associate' });

    // Within the reuse grace a second tab would be served; past it the replay is theft.
    await context.db
      .update(refreshTokens)
      .set({ createdAt: sql`now() - make_interval(secs => ${refreshReuseGraceSeconds + 1})` })
      .where(eq(refreshTokens.associateId, member.id));
    const reused = await post('/api/portal/auth/refresh', { refresh_token: session.refresh_token });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('Refresh token expirado');
    // The thief's replay ended the legitimate chain too.
    const next = await post('/api/portal/auth/refresh', { refresh_token: rotated.refresh_token });
    expect(next.statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const { company } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    const { session } = await memberSession(context.app, member);
    const logout = await post('/api/portal/auth/logout', { refresh_token: session.refresh_token });
    expect(logout.json()).toEqual({ ok: true });
    const refresh = await post('/api/portal/auth/refresh', {
      refresh_token: session.refresh_token,
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('the staff logout does not end a portal session', async () => {
    const { company } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { password: memberPassword });
    const { session } = await memberSession(context.app, member);
    await post('/api/auth/logout', { refresh_token: session.refresh_token });
    const refresh = await post('/api/portal/auth/refresh', {
      refresh_token: session.refresh_token,
    });
    expect(refresh.statusCode).toBe(200);
  });
});

describe('PATCH /api/portal/me/password', () => {
  const patch = (headers: Record<string, string>, payload: object) =>
    context.app.inject({ method: 'PATCH', url: '/api/portal/me/password', headers, payload });

  it('needs the current password, ends the other sessions and keeps this device signed in', async () => {
    const cpf = uniqueCpf();
    const { company } = await createClubWithStaff(context.db);
    const { company: otherClub } = await createClubWithStaff(context.db);
    const member = await createAssociate(context.db, company.id, { cpf, password: memberPassword });
    await createAssociate(context.db, otherClub.id, { cpf, password: 'senha-do-outro' });
    const other = await memberSession(context.app, member);
    const elsewhere = await memberSession(context.app, { cpf }, 'senha-do-outro');
    const here = await memberSession(context.app, member);

    const wrong = await patch(here.headers, {
      currentPassword: 'errada',
      newPassword: 'nova-senha',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toBe('InvalidOldPassword');

    const changed = await patch(here.headers, {
      currentPassword: memberPassword,
      newPassword: 'nova-senha',
    });
    expect(changed.statusCode).toBe(200);
    const session = changed.json();
    expect(session).toMatchObject({ needsClub: false, member: { id: member.id } });

    for (const old of [other.session.refresh_token, here.session.refresh_token]) {
      const refresh = await post('/api/portal/auth/refresh', { refresh_token: old });
      expect(refresh.statusCode).toBe(401);
    }
    const kept = await post('/api/portal/auth/refresh', { refresh_token: session.refresh_token });
    expect(kept.statusCode).toBe(200);
    // The other club's membership is another record: its session and password stay.
    const otherClubRefresh = await post('/api/portal/auth/refresh', {
      refresh_token: elsewhere.session.refresh_token,
    });
    expect(otherClubRefresh.statusCode).toBe(200);

    expect((await portalLogin(context.app, { cpf, password: memberPassword })).statusCode).toBe(
      401,
    );
    const withNew = await portalLogin(context.app, { cpf, password: 'nova-senha' });
    expect(withNew.json()).toMatchObject({ member: { id: member.id } });

    const [event] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorAssociateId, member.id),
          eq(auditEvents.action, 'associate.change-own-password'),
        ),
      );
    expect(event).toMatchObject({ companyId: company.id, actorUserId: null });
  });
});
