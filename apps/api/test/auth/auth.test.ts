import { companyStaff, refreshTokens, users } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { loginLimits } from '../../src/services/auth/login';
import { refreshReuseGraceSeconds } from '../../src/services/auth/refresh-tokens';
import { createClubWithStaff, createUser, login, staffPassword, uniqueCpf } from '../factories';
import { createTestApp, type TestContext, build } from '../helper';

const context = build();

const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  context.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

describe('POST /api/auth/login', () => {
  it('answers the session for a staff member, with the cpf masked or as digits', async () => {
    const { staff } = await createClubWithStaff(context.db);
    for (const cpf of [formatCpf(staff.cpf), staff.cpf]) {
      const response = await post('/api/auth/login', { cpf, password: staffPassword });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toEqual({
        id: staff.id,
        name: staff.name,
        cpf: staff.cpf,
        mustChangePassword: false,
      });
      expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.refresh_token.length).toBeGreaterThan(30);
    }
  });

  it('answers the same 401 for a wrong password and an unknown cpf', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const wrong = await post(
      '/api/auth/login',
      { cpf: staff.cpf, password: 'errada1' },
      '10.0.0.1',
    );
    const unknown = await post(
      '/api/auth/login',
      { cpf: uniqueCpf(), password: 'qualquer' },
      '10.0.0.2',
    );
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Invalid user or password' });
    }
  });

  it('refuses a person who is not staff of any club', async () => {
    const associateOnly = await createUser(context.db);
    const response = await post('/api/auth/login', {
      cpf: associateOnly.cpf,
      password: staffPassword,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('Invalid user or password');
  });

  it('refuses a user without a password', async () => {
    const { staff } = await createClubWithStaff(context.db);
    await context.db.update(users).set({ passwordHash: null }).where(eq(users.id, staff.id));
    const response = await post('/api/auth/login', { cpf: staff.cpf, password: staffPassword });
    expect(response.statusCode).toBe(401);
  });

  it('validates the body: cpf check digits and required fields, with field details', async () => {
    const response = await post('/api/auth/login', { cpf: '529.982.247-26', password: '' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'ValidationError' });
    expect(body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'body', path: 'cpf', message: 'CPF inválido' }),
        expect.objectContaining({ in: 'body', path: 'password', message: 'Campo obrigatório!' }),
      ]),
    );
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"cpf":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('MalformedRequest');
  });

  it('rate-limits failed attempts per cpf at one address: then even the right password is 429', async () => {
    const { staff } = await createClubWithStaff(context.db);
    for (let attempt = 0; attempt < loginLimits.perCpfAndAddress; attempt += 1) {
      const response = await post(
        '/api/auth/login',
        { cpf: staff.cpf, password: 'errada1' },
        '10.1.0.1',
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/login',
      { cpf: staff.cpf, password: staffPassword },
      '10.1.0.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('TooManyRequests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("does not lock the owner out at their own address with someone else's failures", async () => {
    const { staff } = await createClubWithStaff(context.db);
    // The attacker fails up to the limit, then keeps hammering past it: refused attempts check no
    // password, so they must not count towards the cpf-wide ceiling either.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < loginLimits.perCpf + 5; attempt += 1) {
      const response = await post(
        '/api/auth/login',
        { cpf: staff.cpf, password: 'errada1' },
        '10.1.1.66',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(loginLimits.perCpfAndAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      loginLimits.perCpf + 5 - loginLimits.perCpfAndAddress,
    );
    const owner = await post(
      '/api/auth/login',
      { cpf: staff.cpf, password: staffPassword },
      '10.1.1.7',
    );
    expect(owner.statusCode).toBe(200);
  });

  it('rate-limits failed attempts per cpf spread over many addresses', async () => {
    const { staff } = await createClubWithStaff(context.db);
    for (let attempt = 0; attempt < loginLimits.perCpf; attempt += 1) {
      const response = await post(
        '/api/auth/login',
        { cpf: staff.cpf, password: 'errada1' },
        `10.1.2.${attempt}`,
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/login',
      { cpf: staff.cpf, password: staffPassword },
      '10.1.3.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('TooManyRequests');
  });

  it('rate-limits failed attempts per address, whatever the cpf', async () => {
    for (let attempt = 0; attempt < loginLimits.perAddress; attempt += 1) {
      const response = await post(
        '/api/auth/login',
        { cpf: uniqueCpf(), password: 'errada1' },
        '10.2.0.1',
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/login',
      { cpf: uniqueCpf(), password: 'errada1' },
      '10.2.0.1',
    );
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post(
      '/api/auth/login',
      { cpf: uniqueCpf(), password: 'errada1' },
      '10.2.0.2',
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('does not count successful logins against the limit', async () => {
    const { staff } = await createClubWithStaff(context.db);
    for (let attempt = 0; attempt < loginLimits.perCpfAndAddress + 3; attempt += 1) {
      const response = await post(
        '/api/auth/login',
        { cpf: staff.cpf, password: staffPassword },
        '10.3.0.1',
      );
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('login limits behind a reverse proxy (TRUST_PROXY)', () => {
  const proxy = '10.60.0.1';
  const attempt = (
    target: TestContext,
    forwardedFor: string,
    cpf = uniqueCpf(),
    remoteAddress = proxy,
  ) =>
    target.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cpf, password: 'errada1' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it('with 1 hop counts the address the proxy appended, whatever the client wrote before it', async () => {
    const behindOneProxy = await createTestApp({
      trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
    });
    try {
      const client = '203.0.113.7';
      for (let index = 0; index < loginLimits.perAddress; index += 1) {
        // The proxy appends the address it saw; everything to its left is the client's own text.
        const spoofed = `198.18.${index}.1, 198.19.0.${index}`;
        const response = await attempt(behindOneProxy, `${spoofed}, ${client}`);
        expect(response.statusCode).toBe(401);
      }
      const blocked = await attempt(behindOneProxy, `192.0.2.99, ${client}`);
      expect(blocked.statusCode).toBe(429);
      // Another client behind the same proxy is counted on its own, not as the proxy.
      const other = await attempt(behindOneProxy, `192.0.2.99, 203.0.113.8`);
      expect(other.statusCode).toBe(401);
    } finally {
      await behindOneProxy.close();
    }
  });

  it('with a list of proxy addresses ignores X-Forwarded-For from any other peer', async () => {
    const behindListedProxy = await createTestApp({
      trustProxy: loadConfig({ TRUST_PROXY: '10.60.0.0/16' }).trustProxy,
    });
    try {
      const { staff } = await createClubWithStaff(behindListedProxy.database.db);
      // A direct client is no proxy: its own X-Forwarded-For changes nothing.
      for (let index = 0; index < loginLimits.perCpfAndAddress; index += 1) {
        const response = await attempt(
          behindListedProxy,
          `198.18.0.${index}`,
          staff.cpf,
          '198.51.100.1',
        );
        expect(response.statusCode).toBe(401);
      }
      const blocked = await attempt(behindListedProxy, '198.18.1.1', staff.cpf, '198.51.100.1');
      expect(blocked.statusCode).toBe(429);
      // Through the listed proxy, the client is the address the proxy appended.
      const viaProxy = await attempt(behindListedProxy, '198.51.100.1, 203.0.113.9', staff.cpf);
      expect(viaProxy.statusCode).toBe(401);
    } finally {
      await behindListedProxy.close();
    }
  });
});

describe('POST /api/auth/refresh and /logout', () => {
  /** Moves every token of the user's rotations back past the reuse grace period. */
  const endGracePeriod = (userId: string) =>
    context.db
      .update(refreshTokens)
      .set({
        createdAt: sql`now() - make_interval(secs => ${refreshReuseGraceSeconds + 1})`,
      })
      .where(eq(refreshTokens.userId, userId));

  it('rotates the refresh token and the new one works', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const session = await login(context.app, staff.cpf);
    const first = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect(rotated.user.id).toBe(staff.id);
    const second = await post('/api/auth/refresh', { refresh_token: rotated.refresh_token });
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole chain when a rotated token is presented again after the grace period', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const session = await login(context.app, staff.cpf);
    const rotated = (
      await post('/api/auth/refresh', { refresh_token: session.refresh_token })
    ).json();
    await endGracePeriod(staff.id);
    const reuse = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe('Refresh token expirado');
    // The legitimate-looking newest token is dead too: the thief and the user both sign in again.
    const newest = await post('/api/auth/refresh', { refresh_token: rotated.refresh_token });
    expect(newest.statusCode).toBe(401);
  });

  it('lets two tabs refresh with the same token at once; reuse after the grace still ends both', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const session = await login(context.app, staff.cpf);
    const tabs = await Promise.all(
      [1, 2].map(() => post('/api/auth/refresh', { refresh_token: session.refresh_token })),
    );
    expect(tabs.map((tab) => tab.statusCode)).toEqual([200, 200]);
    const [first, second] = tabs.map((tab) => tab.json());
    expect(first.refresh_token).not.toBe(second.refresh_token);
    expect(second.user.id).toBe(staff.id);
    // Each tab goes on with its own token.
    const firstNext = await post('/api/auth/refresh', { refresh_token: first.refresh_token });
    const secondNext = await post('/api/auth/refresh', { refresh_token: second.refresh_token });
    expect([firstNext.statusCode, secondNext.statusCode]).toEqual([200, 200]);

    await endGracePeriod(staff.id);
    const reuse = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(reuse.statusCode).toBe(401);
    for (const tab of [firstNext, secondNext]) {
      const after = await post('/api/auth/refresh', { refresh_token: tab.json().refresh_token });
      expect(after.statusCode).toBe(401);
    }
  });

  it('refuses and revokes the refresh of a person who is no longer staff of any club', async () => {
    const { company, staff } = await createClubWithStaff(context.db);
    const session = await login(context.app, staff.cpf);
    await context.db.delete(companyStaff).where(eq(companyStaff.userId, staff.id));
    const refused = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('Refresh token expirado');
    const live = await context.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, staff.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    // Staff again: the old session stays ended, a new sign-in is needed.
    await context.db.insert(companyStaff).values({ companyId: company.id, userId: staff.id });
    const after = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 "Refresh token expirado" for an unknown or expired token', async () => {
    const unknown = await post('/api/auth/refresh', { refresh_token: 'nao-existe' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('Refresh token expirado');

    const { staff } = await createClubWithStaff(context.db);
    const session = await login(context.app, staff.cpf);
    await context.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.userId, staff.id));
    const expired = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe('Refresh token expirado');
  });

  it('logout revokes the refresh token', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const session = await login(context.app, staff.cpf);
    const logout = await post('/api/auth/logout', { refresh_token: session.refresh_token });
    expect(logout.statusCode).toBe(200);
    const after = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(after.statusCode).toBe(401);
  });
});
