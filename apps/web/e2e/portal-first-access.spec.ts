/**
 * Primeiro acesso, end to end on a phone: a member the club imported with an e-mail and no portal
 * password asks for a link on the sign-in page, opens it from the mail, chooses a password, books,
 * and the confirmation arrives with its calendar file.
 *
 * The mail is read from a real SMTP server (e2e/mail-catcher.mjs, SMTP_URL of the run's API), not
 * from the back office's Mensagens: that proves the most, because it is the path a club in
 * production uses. The message went through the outbox, nodemailer and the SMTP protocol, and the
 * spec parses the MIME message a mail client would get: the link in its text and the `reserva.ics`
 * attachment decoded from it. Mensagens would only show what the database kept, before any of that.
 */
import { randomInt } from 'node:crypto';
import { clubInstant, completeCpf } from '@clube/shared';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  clubDate,
  createPlaceThroughApi,
  demoClubName,
  demoTimezone,
  openApiSession,
  type ApiSession,
} from './helpers';
import { unfoldCalendar, waitForMail } from './mail';

/** One member of the spec's own, imported with an e-mail and without a portal password. */
async function importMemberWithEmail(request: APIRequestContext, session: ApiSession) {
  const tag = String(randomInt(100_000, 999_999));
  const member = {
    cpf: completeCpf(`${tag}777`),
    name: `Renata Vasconcelos ${tag}`,
    email: `renata.${tag}@exemplo.com.br`,
  };
  const csv = [
    'cpf;name;birthDate;cardId;title;isHolder;email',
    [member.cpf, member.name, '15/03/1985', `7${tag}`, `Título PA${tag}`, 'sim', member.email].join(
      ';',
    ),
  ].join('\n');
  const response = await request.post('/api/backoffice/associate/import', {
    headers: session.headers,
    multipart: {
      companyId: session.companyId,
      file: { name: 'socios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ applied: true, created: 1 });
  return { ...member, tag };
}

/** An instant as the calendar file writes it in UTC: 20261128T150000Z. */
const icsUtc = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

test.describe('Primeiro acesso on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a member without a password gets the link by e-mail, chooses a password, books, and the confirmation carries reserva.ics', async ({
    page,
    request,
  }) => {
    const staffApi = await openApiSession(request);
    const member = await importMemberWithEmail(request, staffApi);
    const place = await createPlaceThroughApi(request, staffApi, `Quadra PA ${member.tag}`);
    const tomorrow = clubDate(1);

    // Sign-in page → "Primeiro acesso ou esqueci minha senha" → the CPF.
    await page.goto('/portal/');
    await expect(page.getByRole('heading', { name: 'Portal do associado' })).toBeVisible();
    await page.getByRole('link', { name: 'Primeiro acesso ou esqueci minha senha' }).click();
    await expect(
      page.getByRole('heading', { name: 'Primeiro acesso ou nova senha' }),
    ).toBeVisible();
    await page.getByLabel('CPF').fill(member.cpf);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText(/enviamos para ele um link para criar a sua senha/)).toBeVisible();

    // The message, as the mail server received it: the link is in its plain-text part.
    const linkMail = await waitForMail(member.email, /^Crie sua senha de acesso — /);
    const link = /https?:\/\/\S+\/portal\/acesso\/senha#token=[\w-]+/.exec(
      linkMail.text ?? '',
    )?.[0];
    expect(link, 'the access link in the message').toBeDefined();
    expect(linkMail.html).toContain(link!.replace(/&/g, '&amp;'));

    // The link's page: the password, then the member is signed in.
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Crie sua senha' })).toBeVisible();
    await page.getByLabel('Nova senha', { exact: true }).fill('primeira123');
    await page.getByLabel('Repita a nova senha', { exact: true }).fill('primeira123');
    await page.getByRole('button', { name: 'Salvar senha e entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Olá, Renata' })).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/inicio$/);

    // Booking: Espaços, the place, tomorrow at 12:00.
    await page
      .getByRole('navigation', { name: 'Navegação do portal' })
      .getByRole('link', { name: 'Espaços' })
      .click();
    await page.getByRole('link', { name: `Ver horários: ${place.name}` }).click();
    await expect(page.getByRole('heading', { name: place.name, level: 1 })).toBeVisible();
    await page.getByRole('group', { name: 'Escolha o dia' }).getByRole('button').nth(1).click();
    await page.getByRole('button', { name: '12:00 Livre' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar reserva' }).click();
    await expect(page.getByText(/^Reserva confirmada:/)).toBeVisible();

    // The confirmation, with the booking as a calendar file: its place and its time.
    const confirmation = await waitForMail(member.email, /^Reserva confirmada: /);
    expect(confirmation.text).toContain(place.name);
    const calendarFile = confirmation.attachments.find(
      (attachment) => attachment.filename === 'reserva.ics',
    );
    expect(calendarFile?.contentType).toBe('text/calendar');
    const calendar = unfoldCalendar(calendarFile!.content.toString('utf8'));
    expect(calendar).toContain('BEGIN:VEVENT');
    // The comma between the place and the club is escaped, as RFC 5545 asks.
    expect(calendar).toContain(`LOCATION:${place.name}\\, ${demoClubName}`);
    expect(calendar).toContain(`DTSTART:${icsUtc(clubInstant(tomorrow, '12:00', demoTimezone))}`);
    expect(calendar).toContain(`DTEND:${icsUtc(clubInstant(tomorrow, '13:00', demoTimezone))}`);

    // The link was spent when the password was set: opened again, the page says so at once,
    // before anything is typed.
    await page.goto(link!);
    await expect(page.getByRole('alert')).toHaveText(/^Este link não vale mais: já foi usado/);
    await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
  });
});
