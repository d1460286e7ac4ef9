import { refreshTokens, users } from '@clube/db';
import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { endAllSessions } from '../src/services/auth/end-all-sessions';
import { refreshReuseGraceSeconds } from '../src/services/auth/refresh-tokens';
import {
  createAssociate,
  createClubWithStaff,
  login,
  memberPassword,
  memberSession,
  staffPassword,
} from './factories';
import { build, testJwtSecret } from './helper';

/**
 * Access tokens die with the session: once a person's sessions end (sign-out, a password change,
 * a reset, a portal password set by staff), every access token issued before answers 401 on its
 * next request, like an expired one, instead of working until it expires. The staff reset by the
 * CLI is tested as a real process in tokens.test.ts.
 */
const context = build();

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url, payload, headers });

/** A back-office read and a portal read: what a token opens. */
const staffRead = (accessToken: string) =>
  context.app.inject({ url: '/api/backoffice/company', headers: bearer(accessToken) });
const memberRead = (accessToken: string) =>
  context.app.inject({ url: '/api/portal/me', headers: bearer(accessToken) });

/** The answer of a token whose session ended: the one code of an invalid or expired token. */
function expectEnded(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
}

async function staffMember() {
  const { company, staff } = await createClubWithStaff(context.db);
  return { company, staff };
}

async function member() {
  const { company, staff } = await createClubWithStaff(context.db);
  const associate = await createAssociate(context.db, company.id, { password: memberPassword });
  return { company, staff, associate };
}

describe('staff sessions', () => {
  it('sign-out ends the access token at once; another device renews its own and goes on', async () => {
    const { staff } = await staffMember();
    const thisDevice = await login(context.app, staff.cpf);
    const otherDevice = await login(context.app, staff.cpf);
    expect((await staffRead(thisDevice.access_token)).statusCode).toBe(200);

    const logout = await post('/api/auth/logout', { refresh_token: thisDevice.refresh_token });
    expect(logout.statusCode).toBe(200);

    expectEnded(await staffRead(thisDevice.access_token));
    expect(
      (await post('/api/auth/refresh', { refresh_token: thisDevice.refresh_token })).statusCode,
    ).toBe(401);
    // The other device was not signed out: its access token is refused once, its refresh token
    // still lives, and the renewed access token opens the back office.
    expectEnded(await staffRead(otherDevice.access_token));
    const renewed = await post('/api/auth/refresh', { refresh_token: otherDevice.refresh_token });
    expect(renewed.statusCode).toBe(200);
    expect((await staffRead(renewed.json().access_token)).statusCode).toBe(200);
  });

  it('signing out with a token already ended changes nothing for the devices still signed in', async () => {
    const { staff } = await staffMember();
    const oldDevice = await login(context.app, staff.cpf);
    await post('/api/auth/logout', { refresh_token: oldDevice.refresh_token });
    const device = await login(context.app, staff.cpf);

    // A replayed logout of a family already ended is no lever on the others' sessions.
    await post('/api/auth/logout', { refresh_token: oldDevice.refresh_token });

    expect((await staffRead(device.access_token)).statusCode).toBe(200);
  });

  it('a password change ends every access token but the one it answers', async () => {
    const { staff } = await staffMember();
    const thisDevice = await login(context.app, staff.cpf);
    const otherDevice = await login(context.app, staff.cpf);

    const changed = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/profile/password',
      headers: bearer(thisDevice.access_token),
      payload: { currentPassword: staffPassword, newPassword: 'nova-senha-123' },
    });
    expect(changed.statusCode).toBe(200);

    expectEnded(await staffRead(otherDevice.access_token));
    expectEnded(await staffRead(thisDevice.access_token));
    // The device that changed it goes on with the session the answer gave it.
    expect((await staffRead(changed.json().access_token)).statusCode).toBe(200);
  });

  it('a refresh token replayed after the grace (theft) also ends the access tokens', async () => {
    const { staff } = await staffMember();
    const session = await login(context.app, staff.cpf);
    const rotated = await post('/api/auth/refresh', { refresh_token: session.refresh_token });
    expect(rotated.statusCode).toBe(200);
    // Put the rotation past the grace period, as if the replay came a minute later.
    await context.db
      .update(refreshTokens)
      .set({ createdAt: sql`now() - make_interval(secs => ${refreshReuseGraceSeconds + 1})` })
      .where(eq(refreshTokens.userId, staff.id));

    expect(
      (await post('/api/auth/refresh', { refresh_token: session.refresh_token })).statusCode,
    ).toBe(401);

    expectEnded(await staffRead(rotated.json().access_token));
  });

  it('a token issued before sessions had versions works until they end', async () => {
    const { staff } = await staffMember();
    const legacy = createSigner({ key: testJwtSecret, expiresIn: 60_000 })({
      sub: staff.id,
      realm: 'staff',
    });
    expect((await staffRead(legacy)).statusCode).toBe(200);

    await context.db.transaction((tx) => endAllSessions(tx, { userId: staff.id }));

    expectEnded(await staffRead(legacy));
  });

  it('a token carrying a version the account never had opens nothing', async () => {
    const { staff } = await staffMember();
    const [row] = await context.db
      .select({ sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, staff.id));
    const ahead = context.app.jwt.sign({
      sub: staff.id,
      realm: 'staff',
      ver: row!.sessionVersion + 1,
    });
    expectEnded(await staffRead(ahead));
  });
});

describe('portal sessions', () => {
  it('sign-out ends the access token at once; another device renews its own and goes on', async () => {
    const { associate } = await member();
    const thisDevice = await memberSession(context.app, associate);
    const otherDevice = await memberSession(context.app, associate);
    expect((await memberRead(thisDevice.session.access_token)).statusCode).toBe(200);

    const logout = await post('/api/portal/auth/logout', {
      refresh_token: thisDevice.session.refresh_token,
    });
    expect(logout.statusCode).toBe(200);

    expectEnded(await memberRead(thisDevice.session.access_token));
    expectEnded(await memberRead(otherDevice.session.access_token));
    const renewed = await post('/api/portal/auth/refresh', {
      refresh_token: otherDevice.session.refresh_token,
    });
    expect(renewed.statusCode).toBe(200);
    expect((await memberRead(renewed.json().access_token)).statusCode).toBe(200);
  });

  it('a password change ends every access token but the one it answers', async () => {
    const { associate } = await member();
    const thisDevice = await memberSession(context.app, associate);
    const otherDevice = await memberSession(context.app, associate);

    const changed = await context.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/password',
      headers: thisDevice.headers,
      payload: { currentPassword: memberPassword, newPassword: 'nova-senha' },
    });
    expect(changed.statusCode).toBe(200);

    expectEnded(await memberRead(otherDevice.session.access_token));
    expectEnded(await memberRead(thisDevice.session.access_token));
    expect((await memberRead(changed.json().access_token)).statusCode).toBe(200);
  });

  it("staff setting a member's portal password end the member's access tokens, and only theirs", async () => {
    const { company, staff, associate } = await member();
    const neighbour = await createAssociate(context.db, company.id, { password: memberPassword });
    const device = await memberSession(context.app, associate);
    const neighbourDevice = await memberSession(context.app, neighbour);
    const staffSession = await login(context.app, staff.cpf);

    const set = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/associate/update-password',
      headers: bearer(staffSession.access_token),
      payload: { associateId: associate.id, newPassword: 'senha-da-secretaria' },
    });
    expect(set.statusCode).toBe(200);

    expectEnded(await memberRead(device.session.access_token));
    expect((await memberRead(neighbourDevice.session.access_token)).statusCode).toBe(200);
    // Staff's own session is another realm's, untouched.
    expect((await staffRead(staffSession.access_token)).statusCode).toBe(200);
  });
});
