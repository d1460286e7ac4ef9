import { expect, test } from './fixtures';
import {
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  timeSlotsThroughApi,
} from './helpers';
import { waitForMail } from './mail';

/** The address the demo seed gives the demo member (the first family's holder). */
const demoMemberEmail = 'associado1@exemplo.com.br';

test.describe('waitlist on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a member joins the line of a taken slot, the holder cancels, the member is offered the slot and books it', async ({
    api: staff,
    memberPage: page,
    request,
  }) => {
    // The offer waits for the server's runner and the mail server: more than a page's minute.
    test.setTimeout(180_000);
    const place = await createPlaceThroughApi(request, staff, `Quadra da Fila ${Date.now()}`);
    const date = clubDate(1);
    const slot = (await timeSlotsThroughApi(request, staff, place.id, date)).find(
      (candidate) => candidate.time === '12:00',
    )!;
    // Another family holds 12:00.
    const holder = await findUnblockedAssociate(request, staff, {
      where: (associate) => !associate.user.name.endsWith('Pereira'),
    });
    const booked = await request.post('/api/backoffice/appointment', {
      headers: staff.headers,
      data: {
        placeId: place.id,
        associateId: holder.id,
        cardId: holder.cardId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
      },
    });
    expect(booked.status()).toBe(201);
    const booking = (await booked.json()) as { id: string };

    await page.goto(`/portal/espacos/${place.id}?dia=${date}`);
    await page.getByRole('button', { name: /^12:00\s+Reservado$/ }).click();
    await page.getByRole('button', { name: 'Entrar na lista de espera' }).click();
    await expect(page.getByText('Você está na lista de espera: 1º da fila.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('joined.png'), fullPage: true });

    const cancelled = await request.patch(`/api/backoffice/appointment/cancel/${booking.id}`, {
      headers: staff.headers,
      data: { reason: 'O sócio desistiu' },
    });
    expect(cancelled.status()).toBe(200);

    // The offer comes from the server's own background work, by e-mail and on Início.
    const mail = await waitForMail(demoMemberEmail, /^Horário liberado para você — /);
    expect(mail.text).toContain(place.name);
    await page
      .getByRole('navigation', { name: 'Navegação do portal' })
      .getByRole('link', { name: 'Início' })
      .click();
    // The mail left after the offer was written: Início reads it.
    await expect(page.getByText('Um horário da sua lista de espera ficou livre')).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: test.info().outputPath('offer-banner.png'), fullPage: true });
    await page.getByRole('link', { name: 'Ver a oferta' }).click();
    await expect(page.getByText(/Horário liberado para você! Guardado até as/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('offer.png'), fullPage: true });
    await page.getByRole('button', { name: 'Reservar este horário' }).click();
    await expect(page.getByText(/^Reserva confirmada: /)).toBeVisible();
    await expect(page.getByText('Você não está em nenhuma lista de espera.')).toBeVisible();

    const slots = await timeSlotsThroughApi(request, staff, place.id, date);
    expect(slots.find((candidate) => candidate.time === '12:00')?.available).toBe(false);
  });
});
