import { accountLinks, auditEvents, outboxMessages, users } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { redactedBody } from '../../../src/lib/mail/outbox-sender';
import { staffInvitationTtlMinutes } from '../../../src/services/account-links/issue-access-link';
import {
  addStaff,
  bearerFor,
  createClubWithBearer,
  createUser,
  freshAddress,
  staffPassword,
  uniqueCpf,
} from '../../factories';
import { build } from '../../helper';
import { startSmtpTestServer } from '../../smtp-test-server';

/**
 * A new staff member added with an e-mail, on a server that sends mail, is invited: a link to
 * choose a password arrives through the real SMTP server, and no one-time password exists.
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

const addPerson = (headers: Record<string, string>, companyId: string, body: object) =>
  post(`/api/backoffice/company/${companyId}/staff`, body, headers);

/** Sends what the outbox holds through the app's own transport (SMTP_URL: the test server). */
async function deliver() {
  await context.app.afterResponse.idle();
  while ((await context.app.jobs.runOnce()) > 0);
}

function tokenIn(text: string | undefined): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

const redeem = (token: string, newPassword = 'senha-escolhida-1') =>
  post('/api/auth/access-link/redeem', { token, newPassword });

const signIn = (cpf: string, password: string) =>
  post('/api/auth/login', { cpf: formatCpf(cpf), password });

/** An administrator of a new club invites a new person; answers the club, the CPF and the answer. */
async function invite(values: { email?: string; role?: string } = {}) {
  const { company, headers } = await createClubWithBearer(context.app);
  const cpf = uniqueCpf();
  const response = await addPerson(headers, company.id, {
    cpf: formatCpf(cpf),
    name: 'Bruno Recepção',
    email: values.email ?? 'bruno@clube.test',
    role: values.role ?? 'recepcao',
  });
  return { company, headers, cpf, response };
}

describe('inviting a new staff member by e-mail', () => {
  it('tells the screens that this server sends mail', async () => {
    const response = await context.app.inject({ url: '/api/auth/mail-delivery' });
    expect(response.json()).toEqual({ sendsMail: true });
  });

  it('mails a link, valid 7 days, that sets the password once and signs the person in', async () => {
    const { company, cpf, response } = await invite();
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.oneTimePassword).toBeNull();
    expect(answer.invitation).toEqual({
      email: 'bruno@clube.test',
      expiresAt: expect.any(String),
    });
    expect(answer.member).toMatchObject({
      cpf,
      role: 'recepcao',
      mustChangePassword: false,
      invitationPending: true,
    });
    // No password nor e-mail exists until the person chooses one: nothing to sign in with.
    const [account] = await context.db.select().from(users).where(eq(users.cpf, cpf));
    expect(account).toMatchObject({ passwordHash: null, email: null });
    expect((await signIn(cpf, 'qualquer-senha')).statusCode).toBe(401);

    const [link] = await context.db
      .select({
        purpose: accountLinks.purpose,
        minutesLeft: sql<number>`extract(epoch from ${accountLinks.expiresAt} - now()) / 60`,
      })
      .from(accountLinks)
      .where(eq(accountLinks.userId, account!.id));
    expect(link!.purpose).toBe('staff-invitation');
    expect(Number(link!.minutesLeft)).toBeGreaterThan(staffInvitationTtlMinutes - 2);
    expect(Number(link!.minutesLeft)).toBeLessThanOrEqual(staffInvitationTtlMinutes);

    await deliver();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect((mail!.to as { text: string }).text).toBe('bruno@clube.test');
    expect(mail!.subject).toBe(`Convite para a equipe — ${company.name}`);
    expect(mail!.text).toContain('Olá, Bruno!');
    expect(mail!.text).toContain('como Recepção');
    expect(mail!.text).toContain('O link vale por 7 dias');
    expect(mail!.text).toContain('https://reservas.clube.test/redefinir-senha#token=');
    const token = tokenIn(mail!.text);

    // The club's Mensagens shows it was delivered; the link is no longer in it.
    const [stored] = await context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.userId, account!.id));
    expect(stored).toMatchObject({ companyId: company.id, status: 'sent', textBody: redactedBody });

    const signedIn = await redeem(token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: account!.id, mustChangePassword: false });
    const session = await signIn(cpf, 'senha-escolhida-1');
    expect(session.statusCode).toBe(200);
    const places = await context.app.inject({
      url: `/api/backoffice/place/company/${company.id}`,
      headers: { authorization: `Bearer ${session.json().access_token}` },
    });
    expect(places.statusCode).toBe(200);

    const again = await redeem(token, 'outra-senha-2');
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('AccessLinkInvalid');
    expect((await signIn(cpf, 'senha-escolhida-1')).statusCode).toBe(200);

    const [added] = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, company.id), eq(auditEvents.action, 'staff.add')));
    expect(added!.data).toEqual({ role: 'recepcao', invited: true });
    // The address the link reached is the account's now (Esqueci minha senha goes there).
    const [accepted] = await context.db.select().from(users).where(eq(users.cpf, cpf));
    expect(accepted).toMatchObject({ email: 'bruno@clube.test', name: 'Bruno Recepção' });
  });

  it('refuses the invitation once it expired', async () => {
    const { cpf } = await invite();
    await deliver();
    const token = tokenIn(smtp.received[0]!.text);
    const [account] = await context.db.select().from(users).where(eq(users.cpf, cpf));
    await context.db
      .update(accountLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountLinks.userId, account!.id));
    const expired = await redeem(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe('AccessLinkInvalid');
    expect((await signIn(cpf, 'senha-escolhida-1')).statusCode).toBe(401);
  });

  it('lets an invited person ask for a new link like anyone: a fresh invitation to the address the club typed', async () => {
    const { company, cpf } = await invite();
    await deliver();
    const invitation = tokenIn(smtp.received[0]!.text);

    // The public request answers as it does for a CPF nobody knows.
    const asked = await post('/api/auth/access-link', { cpf: formatCpf(cpf) });
    const unknown = await post('/api/auth/access-link', { cpf: formatCpf(uniqueCpf()) });
    expect([asked.statusCode, asked.body]).toEqual([unknown.statusCode, unknown.body]);
    await deliver();
    expect(smtp.received).toHaveLength(2);
    const fresh = tokenIn(smtp.received[1]!.text);
    expect(smtp.received[1]!.subject).toBe(`Convite para a equipe — ${company.name}`);
    expect((smtp.received[1]!.to as { text: string }).text).toBe('bruno@clube.test');

    expect((await redeem(invitation)).statusCode).toBe(410);
    expect((await redeem(fresh)).statusCode).toBe(200);
  });

  it('gives a one-time password, and mails nothing, when no e-mail is given', async () => {
    const { cpf, response } = await invite({ email: '' });
    expect(response.statusCode).toBe(201);
    const { oneTimePassword, invitation, member } = response.json();
    expect(invitation).toBeNull();
    expect(oneTimePassword).toMatch(/^[a-z2-9]{12}$/);
    expect(member).toMatchObject({ mustChangePassword: false, invitationPending: true });
    const session = await signIn(cpf, oneTimePassword);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.mustChangePassword).toBe(true);
    await deliver();
    expect(smtp.received).toHaveLength(0);
  });

  it('invites an existing account like a new one; one that opens another club accepts with its own password', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const person = await createUser(context.db, { email: 'ja.tenho@clube.test' });
    const other = await createClubWithBearer(context.app);
    await addStaff(context.db, other.company.id, person.id, 'consulta');

    const response = await addPerson(headers, company.id, {
      cpf: formatCpf(person.cpf),
      name: 'Pessoa Digitada',
      email: 'outro@clube.test',
      role: 'recepcao',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      oneTimePassword: null,
      invitation: { email: 'outro@clube.test' },
      member: { name: 'Pessoa Digitada', email: 'outro@clube.test', invitationPending: true },
    });
    await deliver();
    expect(smtp.received).toHaveLength(1);
    expect((smtp.received[0]!.to as { text: string }).text).toBe('outro@clube.test');
    const token = tokenIn(smtp.received[0]!.text);

    // The link alone would replace the password that opens the other club: refused, unspent.
    const alone = await redeem(token);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toBe('StaffInvitationNeedsPassword');
    const [untouched] = await context.db.select().from(users).where(eq(users.id, person.id));
    expect(untouched!.email).toBe('ja.tenho@clube.test');

    // With their own password, the link accepts; nothing of the account changes.
    const accepted = await post('/api/auth/login', {
      cpf: formatCpf(person.cpf),
      password: staffPassword,
      invitation: token,
    });
    expect(accepted.statusCode).toBe(200);
    const places = await context.app.inject({
      url: `/api/backoffice/place/company/${company.id}`,
      headers: { authorization: `Bearer ${accepted.json().access_token}` },
    });
    expect(places.statusCode).toBe(200);
    const [after] = await context.db.select().from(users).where(eq(users.id, person.id));
    expect(after!.email).toBe('ja.tenho@clube.test');
    expect(await bearerFor(context.app, person.cpf)).toHaveProperty('authorization');
    // Spent.
    const twice = await post('/api/auth/login', {
      cpf: formatCpf(person.cpf),
      password: staffPassword,
      invitation: token,
    });
    expect(twice.json().error).toBe('StaffInvitationInvalid');
  });
});
