import { accountLinks, associates, companyStaff, outboxMessages } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessLinkLimits } from '../src/services/account-links/send-access-links';
import {
  createAssociate,
  createClubWithStaff,
  createUser,
  freshAddress,
  memberPassword,
  portalLogin,
  staffPassword,
  uniqueCpf,
} from './factories';
import { build } from './helper';
import { useMailThroughSmtp } from './mail-through-smtp';

/**
 * Primeiro acesso and Esqueci minha senha end to end: the request, the message through a real
 * SMTP server, the link from the message, the password it sets.
 */
const context = build({ publicUrl: 'https://reservas.clube.test' });
const mailing = useMailThroughSmtp(context);

const post = (url: string, payload: object, remoteAddress = freshAddress()) =>
  context.app.inject({ method: 'POST', url, payload, remoteAddress });

/** Asks for a link, lets the work after the answer and the sender run, answers the response. */
async function askLink(realm: 'portal' | 'staff', cpf: string, remoteAddress?: string) {
  const url = realm === 'portal' ? '/api/portal/auth/access-link' : '/api/auth/access-link';
  const response = await post(url, { cpf: formatCpf(cpf) }, remoteAddress);
  await context.app.afterResponse.idle();
  while ((await mailing.sender.runOnce()) > 0);
  return response;
}

function tokenIn(text: string | undefined): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

const redeem = (realm: 'portal' | 'staff', token: string, newPassword = 'nova-senha-123') =>
  post(
    realm === 'portal' ? '/api/portal/auth/access-link/redeem' : '/api/auth/access-link/redeem',
    { token, newPassword },
  );

/** Each test's member has an address of her own: links are also limited per e-mail address. */
let members = 0;
const memberEmail = () => `joana${members}@exemplo.com`;

async function member(values: { email?: string | null; password?: string } = {}) {
  members += 1;
  const { company } = await createClubWithStaff(context.db, { name: 'Clube Náutico' });
  const associate = await createAssociate(context.db, company.id, {
    name: 'Joana Souza',
    email: values.email === undefined ? memberEmail() : values.email,
    password: values.password,
  });
  return { company, associate };
}

describe('Primeiro acesso on the portal', () => {
  it('mails a single-use link that sets the password and signs the member in', async () => {
    const { associate, company } = await member();
    const response = await askLink('portal', associate.cpf);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ ok: true });

    expect(mailing.smtp.received).toHaveLength(1);
    const [mail] = mailing.smtp.received;
    expect((mail!.to as { text: string }).text).toBe(memberEmail());
    expect(mail!.subject).toBe('Crie sua senha de acesso — Clube Náutico');
    expect(mail!.text).toContain('Olá, Joana!');
    expect(mail!.text).toContain('primeiro acesso no portal do associado do Clube Náutico');
    expect(mail!.text).toContain('https://reservas.clube.test/portal/acesso/senha#token=');
    expect(mail!.html).toContain('Criar minha senha');
    const token = tokenIn(mail!.text);

    // Only the hash is stored, and the delivered message no longer holds the link.
    const links = await context.db
      .select()
      .from(accountLinks)
      .where(eq(accountLinks.associateId, associate.id));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).not.toContain(token);
    const [stored] = await context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.associateId, associate.id));
    expect(stored!.textBody).not.toContain(token);

    const signedIn = await redeem('portal', token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      needsClub: false,
      member: { id: associate.id },
      club: { id: company.id },
    });
    const login = await portalLogin(context.app, {
      cpf: associate.cpf,
      password: 'nova-senha-123',
    });
    expect(login.statusCode).toBe(200);

    const again = await redeem('portal', token, 'outra-senha-456');
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('AccessLinkInvalid');
  });

  it('answers the same for an unknown CPF and a member without e-mail, and sends nothing', async () => {
    const known = await member();
    const withoutEmail = await member({ email: null });
    const answers = [
      await askLink('portal', known.associate.cpf),
      await askLink('portal', withoutEmail.associate.cpf),
      await askLink('portal', uniqueCpf()),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
      [202, '{"ok":true}'],
      [202, '{"ok":true}'],
      [202, '{"ok":true}'],
    ]);
    expect(mailing.smtp.received).toHaveLength(1);
  });

  it('answers before looking the CPF up: the lookup and the mail come after the answer', async () => {
    const { associate } = await member();
    const deferred: Array<() => Promise<unknown>> = [];
    const { afterResponse } = context.app;
    const run = afterResponse.run;
    afterResponse.run = (work) => void deferred.push(work);
    try {
      const response = await post('/api/portal/auth/access-link', { cpf: associate.cpf });
      expect(response.statusCode).toBe(202);
      const links = await context.db
        .select()
        .from(accountLinks)
        .where(eq(accountLinks.associateId, associate.id));
      expect(links).toHaveLength(0);
      expect(deferred).toHaveLength(1);
    } finally {
      afterResponse.run = run;
    }
    await deferred[0]!();
    const links = await context.db
      .select()
      .from(accountLinks)
      .where(eq(accountLinks.associateId, associate.id));
    expect(links).toHaveLength(1);
  });

  it('refuses a link once a newer one was asked for, and once it expired', async () => {
    const { associate } = await member();
    await askLink('portal', associate.cpf);
    await askLink('portal', associate.cpf);
    const [older, newer] = mailing.smtp.received.map((mail) => tokenIn(mail.text));
    expect((await redeem('portal', older!)).statusCode).toBe(410);

    await context.db
      .update(accountLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountLinks.associateId, associate.id));
    const expired = await redeem('portal', newer!);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe('AccessLinkInvalid');
  });

  it('resets a forgotten password and ends the membership’s other sessions', async () => {
    const { associate } = await member({ password: memberPassword });
    const before = await portalLogin(context.app, {
      cpf: associate.cpf,
      password: memberPassword,
    });
    const oldRefresh = before.json().refresh_token as string;

    await askLink('portal', associate.cpf);
    expect(mailing.smtp.received[0]!.subject).toBe('Redefina sua senha — Clube Náutico');
    expect((await redeem('portal', tokenIn(mailing.smtp.received[0]!.text))).statusCode).toBe(200);

    const refreshed = await post('/api/portal/auth/refresh', { refresh_token: oldRefresh });
    expect(refreshed.statusCode).toBe(401);
    const old = await portalLogin(context.app, { cpf: associate.cpf, password: memberPassword });
    expect(old.statusCode).toBe(401);
  });

  it('sends a member of several clubs one link per club that holds an e-mail', async () => {
    const cpf = uniqueCpf();
    const first = await createClubWithStaff(context.db, { name: 'Clube A' });
    const second = await createClubWithStaff(context.db, { name: 'Clube B' });
    const third = await createClubWithStaff(context.db, { name: 'Clube C' });
    const inFirst = await createAssociate(context.db, first.company.id, {
      cpf,
      email: 'a@exemplo.com',
    });
    const inSecond = await createAssociate(context.db, second.company.id, {
      cpf,
      email: 'b@exemplo.com',
    });
    await createAssociate(context.db, third.company.id, { cpf, email: null });

    await askLink('portal', cpf);
    const byClub = new Map(
      mailing.smtp.received.map((mail) => [mail.subject!.split(' — ')[1], tokenIn(mail.text)]),
    );
    expect([...byClub.keys()].sort()).toEqual(['Clube A', 'Clube B']);
    const intoSecond = await redeem('portal', byClub.get('Clube B')!);
    expect(intoSecond.json()).toMatchObject({ member: { id: inSecond.id } });
    const intoFirst = await redeem('portal', byClub.get('Clube A')!);
    expect(intoFirst.json()).toMatchObject({ member: { id: inFirst.id } });
  });

  it('throttles requests per CPF at one address and per address', async () => {
    const { associate } = await member();
    const attacker = freshAddress();
    for (let attempt = 0; attempt < accessLinkLimits.perCpfAndAddress; attempt += 1) {
      const response = await post('/api/portal/auth/access-link', { cpf: associate.cpf }, attacker);
      expect(response.statusCode).toBe(202);
    }
    const tooMany = await post('/api/portal/auth/access-link', { cpf: associate.cpf }, attacker);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toBe('TooManyRequests');

    const address = freshAddress();
    for (let attempt = 0; attempt < accessLinkLimits.perAddress; attempt += 1) {
      await post('/api/portal/auth/access-link', { cpf: uniqueCpf() }, address);
    }
    expect(
      (await post('/api/portal/auth/access-link', { cpf: uniqueCpf() }, address)).statusCode,
    ).toBe(429);
    await context.app.afterResponse.idle();
  });

  it('still mails the owner a link at their own address after a flood of requests from elsewhere', async () => {
    const { associate } = await member();
    const attacker = freshAddress();
    for (let attempt = 0; attempt <= accessLinkLimits.perCpfAndAddress; attempt += 1) {
      await askLink('portal', associate.cpf, attacker);
    }
    expect(mailing.smtp.received).toHaveLength(accessLinkLimits.perEmailAndAddress);
    mailing.smtp.received.length = 0;

    const owner = await askLink('portal', associate.cpf, freshAddress());
    expect(owner.statusCode).toBe(202);
    expect(mailing.smtp.received).toHaveLength(1);
    expect((mailing.smtp.received[0]!.to as { text: string }).text).toBe(memberEmail());
  });

  it('checks a link without spending it: live with its club, dead once used, refused in the other realm', async () => {
    const { associate } = await member();
    await askLink('portal', associate.cpf);
    const token = tokenIn(mailing.smtp.received[0]!.text);
    const check = (realm: 'portal' | 'staff') =>
      post(
        realm === 'portal' ? '/api/portal/auth/access-link/check' : '/api/auth/access-link/check',
        { token },
      );

    const live = await check('portal');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ clubName: 'Clube Náutico' });
    // Checked twice, still unspent: the password can be chosen after.
    expect((await check('portal')).statusCode).toBe(200);
    const otherRealm = await check('staff');
    expect(otherRealm.statusCode).toBe(410);
    expect(otherRealm.json().error).toBe('AccessLinkInvalid');

    expect((await redeem('portal', token)).statusCode).toBe(200);
    const spent = await check('portal');
    expect(spent.statusCode).toBe(410);
    expect(spent.json().error).toBe('AccessLinkInvalid');
    const malformed = await post('/api/portal/auth/access-link/check', { token: 'x' });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses a bad CPF and a malformed token with their messages', async () => {
    const badCpf = await post('/api/portal/auth/access-link', { cpf: '123' });
    expect(badCpf.statusCode).toBe(400);
    const badToken = await redeem('portal', 'x');
    expect(badToken.statusCode).toBe(400);
  });
});

describe('Esqueci minha senha in the back office', () => {
  it('mails the staff account a link that sets its password, and touches no associate record', async () => {
    const { company } = await createClubWithStaff(context.db);
    const cpf = uniqueCpf();
    const user = await createUser(context.db, { cpf, email: 'ana@clube.test', name: 'Ana Lima' });
    await context.db.insert(companyStaff).values({ companyId: company.id, userId: user.id });
    const asMember = await createAssociate(context.db, company.id, {
      cpf,
      email: 'ana.socia@exemplo.com',
      password: memberPassword,
    });

    const response = await askLink('staff', cpf);
    expect(response.statusCode).toBe(202);
    expect(mailing.smtp.received.map((mail) => (mail.to as { text: string }).text)).toEqual([
      'ana@clube.test',
    ]);
    const mail = mailing.smtp.received[0]!;
    expect(mail.subject).toBe('Redefina sua senha');
    expect(mail.text).toContain('https://reservas.clube.test/redefinir-senha#token=');
    const token = tokenIn(mail.text);

    // A staff link opens no portal session.
    expect((await redeem('portal', token)).statusCode).toBe(410);
    const signedIn = await redeem('staff', token, 'senha-nova-da-ana');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: user.id });
    expect(
      (await post('/api/auth/login', { cpf: formatCpf(cpf), password: 'senha-nova-da-ana' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/login', { cpf: formatCpf(cpf), password: staffPassword })).statusCode,
    ).toBe(401);

    const [record] = await context.db
      .select()
      .from(associates)
      .where(eq(associates.id, asMember.id));
    expect(record!.passwordHash).toBe(asMember.passwordHash);
    expect((await portalLogin(context.app, { cpf, password: memberPassword })).statusCode).toBe(
      200,
    );
    const [links] = await context.db
      .select({ value: count() })
      .from(accountLinks)
      .where(eq(accountLinks.associateId, asMember.id));
    expect(links!.value).toBe(0);
  });

  it('sends nothing for a person who is staff of no club, with the same answer', async () => {
    const cpf = uniqueCpf();
    await createUser(context.db, { cpf, email: 'ex@clube.test' });
    const response = await askLink('staff', cpf);
    expect([response.statusCode, response.body]).toEqual([202, '{"ok":true}']);
    expect(mailing.smtp.received).toHaveLength(0);
  });
});
