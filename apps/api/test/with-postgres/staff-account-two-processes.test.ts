import { formatCpf } from '@clube/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createClubWithStaff, staffPassword, uniqueCpf } from '../factories';
import { loginThrough, requestJson, tallyResponses } from '../server-process';
import { startSmtpTestServer } from '../smtp-test-server';
import { useServerPair } from './server-pair';

/**
 * The account takeover of a staff account (club C sets up a CPF's account, club D adds the CPF
 * later) tried across two API processes on one PostgreSQL: every step goes through the process
 * the previous one did not, and what D hands over (a one-time password, or a link mailed by
 * whichever process's sender takes it) is tried on both at once.
 */
const smtp = await startSmtpTestServer();
// Registered first, so it runs after the pair has stopped (after-hooks run in reverse).
afterAll(() => smtp.close());
const pair = useServerPair({
  start: 'together',
  processPoolSize: 5,
  testPoolSize: 3,
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://reservas.clube.test' },
});

const on = (index: number, path: string) => `${pair.urls[index]!}${path}`;

const mailsTo = (address: string) =>
  smtp.received.filter((mail) => (mail.to as { text: string }).text === address);

/** The link token of the latest mail to `address`, once one has arrived. */
async function linkMailedTo(address: string, after = 0): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (mailsTo(address).length <= after) {
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const match = /#token=([A-Za-z0-9_-]+)/.exec(mailsTo(address).at(-1)!.text ?? '');
  if (!match) throw new Error(`no link in the mail to ${address}`);
  return match[1]!;
}

/** C's password, and the session it opened for the person, open nothing on either process. */
async function expectShutOutOfC(cpf: string, refreshToken: unknown) {
  for (const index of [0, 1]) {
    const asC = await requestJson(on(index, '/api/auth/login'), {
      body: { cpf, password: 'senha-do-clube-c' },
    });
    expect(asC.status).toBe(401);
    const refreshed = await requestJson(on(index, '/api/auth/refresh'), {
      body: { refresh_token: refreshToken },
    });
    expect(refreshed.status).toBe(401);
  }
}

describe('a staff account across two processes', () => {
  it('club C cannot carry the account it set up into club D, on either process', async () => {
    const db = pair.database.db;
    const clubC = await createClubWithStaff(db, { name: 'Clube C' });
    const clubD = await createClubWithStaff(db, { name: 'Clube D' });
    const adminC = await loginThrough(pair.urls[0], clubC.staff.cpf, staffPassword);
    const adminD = await loginThrough(pair.urls[1], clubD.staff.cpf, staffPassword);
    const cpf = formatCpf(uniqueCpf());

    // C adds the CPF, its administrator takes the one-time password and replaces it.
    const addedByC = await requestJson(on(0, `/api/backoffice/company/${clubC.company.id}/staff`), {
      token: adminC,
      // No e-mail: C's administrator takes the one-time password (the link variant is below).
      body: { cpf, name: 'Pessoa', role: 'consulta' },
    });
    expect(addedByC.status).toBe(201);
    const otpC = addedByC.body.oneTimePassword as string;
    const first = await requestJson(on(1, '/api/auth/login'), { body: { cpf, password: otpC } });
    expect(first.status).toBe(200);
    const changed = await requestJson(on(0, '/api/backoffice/profile/password'), {
      method: 'PATCH',
      token: first.body.access_token as string,
      body: { currentPassword: otpC, newPassword: 'senha-do-clube-c' },
    });
    expect(changed.status).toBe(200);
    const userId = (addedByC.body.member as { userId: string }).userId;
    const removed = await requestJson(
      on(1, `/api/backoffice/company/${clubC.company.id}/staff/${userId}`),
      { method: 'DELETE', token: adminC },
    );
    expect(removed.status).toBe(200);

    // D adds the CPF: what it typed comes back, and a one-time password.
    const addedByD = await requestJson(on(0, `/api/backoffice/company/${clubD.company.id}/staff`), {
      token: adminD,
      body: { cpf, name: 'Nome Digitado', role: 'administrador' },
    });
    expect(addedByD.status).toBe(201);
    expect(addedByD.body.member).toMatchObject({
      name: 'Nome Digitado',
      email: null,
      invitationPending: true,
    });
    const otpD = addedByD.body.oneTimePassword as string;

    // C's password opens nothing, on either process.
    for (const index of [0, 1]) {
      const asC = await requestJson(on(index, '/api/auth/login'), {
        body: { cpf, password: 'senha-do-clube-c' },
      });
      expect(asC.status).toBe(401);
    }

    // The person uses D's code on both processes at once: it works once.
    const both = await Promise.all(
      [0, 1].map((index) =>
        requestJson(on(index, '/api/auth/login'), { body: { cpf, password: otpD } }),
      ),
    );
    expect(tallyResponses(both)).toEqual({ '200': 1, 'Invalid user or password': 1 });
    const person = both.find((response) => response.status === 200)!;
    const places = await requestJson(on(1, `/api/backoffice/place/company/${clubD.company.id}`), {
      token: person.body.access_token as string,
    });
    // A one-time password opens nothing but the password change.
    expect(places.body.error).toBe('PasswordChangeRequired');

    await expectShutOutOfC(cpf, changed.body.refresh_token);
  }, 120_000);

  it('club C cannot carry an account it set up through a mailed link into club D, on either process', async () => {
    const db = pair.database.db;
    const clubC = await createClubWithStaff(db, { name: 'Clube C' });
    const clubD = await createClubWithStaff(db, { name: 'Clube D' });
    const adminC = await loginThrough(pair.urls[1], clubC.staff.cpf, staffPassword);
    const adminD = await loginThrough(pair.urls[0], clubD.staff.cpf, staffPassword);
    const cpf = formatCpf(uniqueCpf());
    const addressOfC = `admin-${cpf.replace(/\D/g, '')}@clube-c.test`;
    const addressOfPerson = `pessoa-${cpf.replace(/\D/g, '')}@real.test`;

    // C adds the CPF with its own address, follows the invitation mailed there and chooses a
    // password, then takes the person off its staff.
    const addedByC = await requestJson(on(1, `/api/backoffice/company/${clubC.company.id}/staff`), {
      token: adminC,
      body: { cpf, name: 'Pessoa', email: addressOfC, role: 'consulta' },
    });
    expect(addedByC.status).toBe(201);
    const linkOfC = await linkMailedTo(addressOfC);
    const redeemedByC = await requestJson(on(0, '/api/auth/access-link/redeem'), {
      body: { token: linkOfC, newPassword: 'senha-do-clube-c' },
    });
    expect(redeemedByC.status).toBe(200);
    const userId = (addedByC.body.member as { userId: string }).userId;
    const removed = await requestJson(
      on(1, `/api/backoffice/company/${clubC.company.id}/staff/${userId}`),
      { method: 'DELETE', token: adminC },
    );
    expect(removed.status).toBe(200);

    // D adds the CPF with the person's address: what it typed comes back, no password.
    const addedByD = await requestJson(on(0, `/api/backoffice/company/${clubD.company.id}/staff`), {
      token: adminD,
      body: { cpf, name: 'Nome Digitado', email: addressOfPerson, role: 'administrador' },
    });
    expect(addedByD.status).toBe(201);
    expect(addedByD.body).toMatchObject({
      oneTimePassword: null,
      member: { name: 'Nome Digitado', email: addressOfPerson, invitationPending: true },
    });
    expect(JSON.stringify(addedByD.body)).not.toContain('clube-c.test');

    // C's password and C's session open nothing, on either process.
    await expectShutOutOfC(cpf, redeemedByC.body.refresh_token);
    await linkMailedTo(addressOfPerson);

    // Esqueci minha senha, asked on one process: whichever sender takes it writes to the person,
    // never to C's address; its link is the one that stands.
    const mailedToC = mailsTo(addressOfC).length;
    const forgot = await requestJson(on(1, '/api/auth/access-link'), { body: { cpf } });
    expect(forgot.status).toBeLessThan(300);
    const linkOfD = await linkMailedTo(addressOfPerson, 1);
    expect(mailsTo(addressOfC)).toHaveLength(mailedToC);

    // The person follows D's link on both processes at once: it works once.
    const both = await Promise.all(
      [0, 1].map((index) =>
        requestJson(on(index, '/api/auth/access-link/redeem'), {
          body: { token: linkOfD, newPassword: 'senha-da-pessoa' },
        }),
      ),
    );
    const accepted = both.filter((response) => response.status === 200);
    expect(accepted, JSON.stringify(both)).toHaveLength(1);
    expect(both.find((response) => response.status !== 200)!.status).toBeGreaterThanOrEqual(400);
    for (const index of [0, 1]) {
      const places = await requestJson(
        on(index, `/api/backoffice/place/company/${clubD.company.id}`),
        {
          token: accepted[0]!.body.access_token as string,
        },
      );
      expect(places.status).toBe(200);
      const asC = await requestJson(on(index, '/api/auth/login'), {
        body: { cpf, password: 'senha-do-clube-c' },
      });
      expect(asC.status).toBe(401);
    }
    const asPerson = await loginThrough(pair.urls[1], cpf, 'senha-da-pessoa');
    const clubs = await requestJson(on(0, `/api/backoffice/place/company/${clubC.company.id}`), {
      token: asPerson,
    });
    // The account C set up opens nothing of C either: C took the person off its staff.
    expect(clubs.status).toBe(404);
  }, 120_000);
});
