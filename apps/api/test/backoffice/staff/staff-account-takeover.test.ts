import { accountLinks, auditEvents, outboxMessages, users } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addStaff,
  createClubWithBearer,
  createUser,
  freshAddress,
  staffPassword,
  uniqueCpf,
} from '../../factories';
import { build } from '../../helper';
import { startSmtpTestServer } from '../../smtp-test-server';

/**
 * A staff account is the person's own (docs/decisions/024-staff-accounts-belong-to-the-person.md):
 * a club that set up an account — its e-mail, its password — never carries it into another club
 * that adds the same CPF, and no club learns anything of the account it adds.
 */
const smtp = await startSmtpTestServer();
const context = build({ smtpUrl: smtp.url, publicUrl: 'https://reservas.clube.test' });

beforeEach(async () => {
  await context.db.delete(outboxMessages);
  smtp.received.length = 0;
});
afterAll(() => smtp.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() });

const staffUrl = (companyId: string, userId?: string) =>
  `/api/backoffice/company/${companyId}/staff${userId ? `/${userId}` : ''}`;

async function deliver() {
  await context.app.afterResponse.idle();
  while ((await context.app.jobs.runOnce()) > 0);
}

function tokenIn(text: string | undefined): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

const mailTo = (address: string) =>
  smtp.received.filter((mail) => (mail.to as { text: string }).text === address);

const signIn = (cpf: string, password: string, invitation?: string) =>
  post('/api/auth/login', { cpf: formatCpf(cpf), password, invitation });

const bearer = (session: { access_token: string }) => ({
  authorization: `Bearer ${session.access_token}`,
});

/** What an access token opens of a club: its places (any role may read them). */
const opens = async (session: { access_token: string }, companyId: string) =>
  (
    await context.app.inject({
      url: `/api/backoffice/place/company/${companyId}`,
      headers: bearer(session),
    })
  ).statusCode === 200;

const auditOf = (companyId: string, action: string) =>
  context.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)));

/**
 * Club C's administrator sets up the CPF's account: adds it with C's own e-mail, follows the
 * invitation, chooses a password, then takes the person off C's staff. Answers what C's
 * administrator holds: the password and a refresh token.
 */
async function clubSetsUpAccountByLink(cpf: string) {
  const clubC = await createClubWithBearer(context.app, { name: 'Clube C' });
  const added = await post(
    staffUrl(clubC.company.id),
    { cpf: formatCpf(cpf), name: 'Pessoa', email: 'admin@clube-c.test', role: 'consulta' },
    clubC.headers,
  );
  expect(added.statusCode).toBe(201);
  await deliver();
  const token = tokenIn(mailTo('admin@clube-c.test')[0]!.text);
  const redeemed = await post('/api/auth/access-link/redeem', {
    token,
    newPassword: 'senha-do-clube-c',
  });
  expect(redeemed.statusCode).toBe(200);
  const removed = await context.app.inject({
    method: 'DELETE',
    url: staffUrl(clubC.company.id, added.json().member.userId),
    headers: clubC.headers,
  });
  expect(removed.statusCode).toBe(200);
  smtp.received.length = 0;
  return { clubC, password: 'senha-do-clube-c', refreshToken: redeemed.json().refresh_token };
}

/** The same set-up through a one-time password C's administrator takes and replaces. */
async function clubSetsUpAccountByOneTimePassword(cpf: string) {
  const clubC = await createClubWithBearer(context.app, { name: 'Clube C' });
  const added = await post(
    staffUrl(clubC.company.id),
    { cpf: formatCpf(cpf), name: 'Pessoa', role: 'consulta' },
    clubC.headers,
  );
  const first = await signIn(cpf, added.json().oneTimePassword);
  expect(first.statusCode).toBe(200);
  const changed = await context.app.inject({
    method: 'PATCH',
    url: '/api/backoffice/profile/password',
    headers: bearer(first.json()),
    payload: { currentPassword: added.json().oneTimePassword, newPassword: 'senha-do-clube-c' },
  });
  expect(changed.statusCode).toBe(200);
  await context.app.inject({
    method: 'DELETE',
    url: staffUrl(clubC.company.id, added.json().member.userId),
    headers: clubC.headers,
  });
  return { clubC, password: 'senha-do-clube-c', refreshToken: changed.json().refresh_token };
}

describe('a club cannot own a person account before another club hires them', () => {
  it('link: club D adds the CPF; C keeps nothing, learns nothing, and the person takes the account', async () => {
    const cpf = uniqueCpf();
    const heldByC = await clubSetsUpAccountByLink(cpf);
    const clubD = await createClubWithBearer(context.app, { name: 'Clube D' });

    const added = await post(
      staffUrl(clubD.company.id),
      { cpf: formatCpf(cpf), name: 'Nome Digitado', email: 'pessoa@real.test', role: 'recepcao' },
      clubD.headers,
    );
    expect(added.statusCode).toBe(201);
    // D sees what it typed, nothing of the account C set up.
    expect(added.json()).toMatchObject({
      oneTimePassword: null,
      invitation: { email: 'pessoa@real.test' },
      member: { name: 'Nome Digitado', email: 'pessoa@real.test', invitationPending: true },
    });
    expect(added.body).not.toContain('clube-c.test');

    // C's administrator holds the password: it opens nothing, D's club least of all.
    expect((await signIn(cpf, heldByC.password)).statusCode).toBe(401);
    const refreshed = await post('/api/auth/refresh', { refresh_token: heldByC.refreshToken });
    expect(refreshed.statusCode).toBe(401);
    // Esqueci minha senha: nothing goes to C's address; D's invitation goes to D's.
    await post('/api/auth/access-link', { cpf: formatCpf(cpf) });
    await deliver();
    expect(mailTo('admin@clube-c.test')).toHaveLength(0);
    expect(mailTo('pessoa@real.test').length).toBeGreaterThan(0);
    const token = tokenIn(mailTo('pessoa@real.test').at(-1)!.text);

    // The person follows D's link: the password is theirs now, and the account's e-mail.
    const accepted = await post('/api/auth/access-link/redeem', {
      token,
      newPassword: 'senha-da-pessoa',
    });
    expect(accepted.statusCode).toBe(200);
    expect(await opens(accepted.json(), clubD.company.id)).toBe(true);
    expect((await signIn(cpf, heldByC.password)).statusCode).toBe(401);
    const [account] = await context.db.select().from(users).where(eq(users.cpf, cpf));
    expect(account).toMatchObject({ email: 'pessoa@real.test', name: 'Nome Digitado' });

    smtp.received.length = 0;
    await post('/api/auth/access-link', { cpf: formatCpf(cpf) });
    await deliver();
    expect(smtp.received.map((mail) => (mail.to as { text: string }).text)).toEqual([
      'pessoa@real.test',
    ]);
  });

  it('one-time password: club D hands one over; C password and session end with it', async () => {
    const cpf = uniqueCpf();
    const heldByC = await clubSetsUpAccountByOneTimePassword(cpf);
    const clubD = await createClubWithBearer(context.app, { name: 'Clube D' });

    const added = await post(
      staffUrl(clubD.company.id),
      { cpf: formatCpf(cpf), name: 'Nome Digitado', role: 'administrador' },
      clubD.headers,
    );
    expect(added.statusCode).toBe(201);
    const { oneTimePassword, member } = added.json();
    expect(member).toMatchObject({ name: 'Nome Digitado', email: null, invitationPending: true });

    // C's administrator cannot sign in, nor accept D's invitation without D's code.
    expect((await signIn(cpf, heldByC.password)).statusCode).toBe(401);
    const guessed = await signIn(cpf, heldByC.password, 'abcdefghjkmn');
    expect(guessed.statusCode).toBe(410);
    expect(guessed.json().error).toBe('StaffInvitationInvalid');

    const person = await signIn(cpf, oneTimePassword);
    expect(person.statusCode).toBe(200);
    expect(person.json().user.mustChangePassword).toBe(true);
    expect((await signIn(cpf, heldByC.password)).statusCode).toBe(401);
    const refreshed = await post('/api/auth/refresh', { refresh_token: heldByC.refreshToken });
    expect(refreshed.statusCode).toBe(401);
    const changed = await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/profile/password',
      headers: bearer(person.json()),
      payload: { currentPassword: oneTimePassword, newPassword: 'senha-da-pessoa' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await opens(changed.json(), clubD.company.id)).toBe(true);
    // The code is spent.
    expect((await signIn(cpf, oneTimePassword)).statusCode).toBe(401);
  });

  it('an account that opens a club keeps its password: another club proof alone is refused', async () => {
    // C keeps the person on its staff, with C's password; D invites the CPF.
    const cpf = uniqueCpf();
    const clubC = await createClubWithBearer(context.app, { name: 'Clube C' });
    const person = await createUser(context.db, { cpf, email: 'admin@clube-c.test' });
    await addStaff(context.db, clubC.company.id, person.id, 'consulta');
    const clubD = await createClubWithBearer(context.app, { name: 'Clube D' });
    const byLink = await post(
      staffUrl(clubD.company.id),
      { cpf: formatCpf(cpf), name: 'Nome', email: 'admin@clube-d.test', role: 'administrador' },
      clubD.headers,
    );
    expect(byLink.statusCode).toBe(201);
    await deliver();
    const token = tokenIn(mailTo('admin@clube-d.test')[0]!.text);

    // C's password opens C only; D's link alone cannot replace the password.
    const asC = await signIn(cpf, staffPassword);
    expect(await opens(asC.json(), clubD.company.id)).toBe(false);
    const alone = await post('/api/auth/access-link/redeem', { token, newPassword: 'de-d-1234' });
    expect(alone.json().error).toBe('StaffInvitationNeedsPassword');
    expect((await signIn(cpf, 'de-d-1234')).statusCode).toBe(401);
    expect(await opens(asC.json(), clubD.company.id)).toBe(false);

    // The same with a one-time password D hands over.
    const clubE = await createClubWithBearer(context.app, { name: 'Clube E' });
    const byCode = await post(
      staffUrl(clubE.company.id),
      { cpf: formatCpf(cpf), name: 'Nome', role: 'administrador' },
      clubE.headers,
    );
    const withCode = await signIn(cpf, byCode.json().oneTimePassword);
    expect(withCode.statusCode).toBe(409);
    expect(withCode.json().error).toBe('StaffInvitationNeedsPassword');
    expect((await signIn(cpf, staffPassword)).statusCode).toBe(200);
  });
});

describe('removing a person revokes what they got through the club', () => {
  it('withdraws an invitation: its 7-day link and its one-time password stop working', async () => {
    const club = await createClubWithBearer(context.app);
    const byLink = await post(
      staffUrl(club.company.id),
      { cpf: formatCpf(uniqueCpf()), name: 'Convidada', email: 'c@x.test', role: 'consulta' },
      club.headers,
    );
    const byCode = await post(
      staffUrl(club.company.id),
      { cpf: formatCpf(uniqueCpf()), name: 'Convidado', role: 'consulta' },
      club.headers,
    );
    await deliver();
    const token = tokenIn(mailTo('c@x.test')[0]!.text);
    for (const added of [byLink, byCode]) {
      const removed = await context.app.inject({
        method: 'DELETE',
        url: staffUrl(club.company.id, added.json().member.userId),
        headers: club.headers,
      });
      expect(removed.statusCode).toBe(200);
    }
    const redeemed = await post('/api/auth/access-link/redeem', {
      token,
      newPassword: 'x-12345678',
    });
    expect(redeemed.statusCode).toBe(410);
    const cpf = byCode.json().member.cpf;
    expect((await signIn(cpf, byCode.json().oneTimePassword)).statusCode).toBe(401);
    const list = await context.app.inject({
      url: staffUrl(club.company.id),
      headers: club.headers,
    });
    expect(list.json().items).toHaveLength(1);
  });

  it('ends the sessions and password links of a person left with no club', async () => {
    const club = await createClubWithBearer(context.app);
    const person = await createUser(context.db, { email: 'p@x.test' });
    await addStaff(context.db, club.company.id, person.id, 'consulta');
    const session = await signIn(person.cpf, staffPassword);
    await post('/api/auth/access-link', { cpf: formatCpf(person.cpf) });
    await deliver();
    const token = tokenIn(mailTo('p@x.test')[0]!.text);

    await context.app.inject({
      method: 'DELETE',
      url: staffUrl(club.company.id, person.id),
      headers: club.headers,
    });
    const refreshed = await post('/api/auth/refresh', {
      refresh_token: session.json().refresh_token,
    });
    expect(refreshed.statusCode).toBe(401);
    const redeemed = await post('/api/auth/access-link/redeem', {
      token,
      newPassword: 'x-12345678',
    });
    expect(redeemed.statusCode).toBe(410);
    const live = await context.db
      .select()
      .from(accountLinks)
      .where(
        and(
          eq(accountLinks.userId, person.id),
          isNull(accountLinks.usedAt),
          isNull(accountLinks.revokedAt),
        ),
      );
    expect(live).toHaveLength(0);
  });
});

describe('a club trail holds only what happened in that club', () => {
  it('records a sign-in and a password change in the clubs the person opens, not those that only invited them', async () => {
    const clubA = await createClubWithBearer(context.app, { name: 'Clube A' });
    const person = await createUser(context.db);
    await addStaff(context.db, clubA.company.id, person.id, 'consulta');
    const clubB = await createClubWithBearer(context.app, { name: 'Clube B' });
    const invited = await post(
      staffUrl(clubB.company.id),
      { cpf: formatCpf(person.cpf), name: 'Digitado', role: 'consulta' },
      clubB.headers,
    );

    const session = await signIn(person.cpf, staffPassword);
    await context.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/profile/password',
      headers: bearer(session.json()),
      payload: { currentPassword: staffPassword, newPassword: 'nova-senha-1' },
    });
    const byPerson = (rows: Array<{ entityId: string | null }>) =>
      rows.filter((row) => row.entityId === person.id);
    expect(byPerson(await auditOf(clubA.company.id, 'staff.sign-in'))).toHaveLength(1);
    expect(byPerson(await auditOf(clubA.company.id, 'user.change-password'))).toHaveLength(1);
    expect(byPerson(await auditOf(clubB.company.id, 'staff.sign-in'))).toHaveLength(0);
    expect(byPerson(await auditOf(clubB.company.id, 'user.change-password'))).toHaveLength(0);

    // Once accepted, B's trail has the acceptance and the sign-ins that follow.
    const accepted = await signIn(person.cpf, 'nova-senha-1', invited.json().oneTimePassword);
    expect(accepted.statusCode).toBe(200);
    expect(byPerson(await auditOf(clubB.company.id, 'staff.accept'))).toHaveLength(1);
    expect(byPerson(await auditOf(clubB.company.id, 'staff.sign-in'))).toHaveLength(1);
  });
});
