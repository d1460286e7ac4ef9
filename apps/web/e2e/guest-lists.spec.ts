import { completeCpf, formatCpf } from '@clube/shared';
import { expect, test } from './fixtures';
import {
  clubDate,
  createPlaceThroughApi,
  demoMember,
  findUnblockedAssociate,
  signInToDemoClub,
  timeSlotsThroughApi,
} from './helpers';
const guestCpf = completeCpf('123456789');

test.describe('guest lists on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a member lists guests on a barbecue booking and the front desk sees them on the gate list', async ({
    api: staffApi,
    memberPage: page,
    browser,
    request,
  }) => {
    // Two people's sessions, one after the other (the member's, then the front desk's).
    test.slow();
    // A barbecue area of the spec's own that takes up to 5 guests, booked for the demo member.
    const place = await createPlaceThroughApi(request, staffApi, `Churrasqueira E2E ${Date.now()}`);
    const rules = await request.patch('/api/backoffice/place', {
      headers: staffApi.headers,
      data: { id: place.id, guestsAllowed: true, guestLimit: 5, guestListClosesHours: 2 },
    });
    expect(rules.status()).toBe(200);
    const member = await findUnblockedAssociate(request, staffApi, {
      take: 100,
      where: (associate) => associate.user.name === demoMember.name,
    });
    const tomorrow = clubDate(1);
    const slot = (await timeSlotsThroughApi(request, staffApi, place.id, tomorrow)).find(
      (item) => item.time === '12:00',
    )!;
    const booked = await request.post('/api/backoffice/appointment', {
      headers: staffApi.headers,
      data: {
        placeId: place.id,
        associateId: member.id,
        cardId: member.cardId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
      },
    });
    expect(booked.status()).toBe(201);

    // The member, in Minhas reservas, adds two guests: one with a CPF, one with the name only.
    await page.goto('/portal/reservas');
    await page
      .getByRole('button', { name: new RegExp(`Convidados da reserva em ${place.name}`) })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Convidados' });
    await expect(dialog.getByText('Até 5 convidados.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Adicionar convidado' }).click();
    await dialog.getByLabel('Nome do convidado 1').fill('Ana Convidada');
    await dialog.getByLabel('CPF do convidado 1').fill('123.456.789-00');
    await dialog.getByRole('button', { name: 'Adicionar convidado' }).click();
    await dialog.getByLabel('Nome do convidado 2').fill('Bruno Convidado');
    await dialog.getByRole('button', { name: 'Salvar lista' }).click();
    // A CPF whose check digits fail is refused in Portuguese, and nothing is saved.
    await expect(dialog.getByText('O CPF do convidado Ana Convidada é inválido.')).toBeVisible();
    await dialog.getByLabel('CPF do convidado 1').fill(formatCpf(guestCpf));
    await dialog.getByRole('button', { name: 'Salvar lista' }).click();
    await expect(page.getByText('Lista de convidados salva.')).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`Convidados da reserva em ${place.name}`) }),
    ).toHaveText('Convidados (2)');

    // The front desk opens tomorrow's gate list: both guests, the CPF masked; searches; checks in.
    const deskContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const desk = await deskContext.newPage();
    await signInToDemoClub(desk);
    await desk.goto(`/portaria?date=${tomorrow}`);
    await expect(desk.getByRole('heading', { name: 'Portaria: convidados' })).toBeVisible();
    const booking = desk.getByRole('listitem').filter({ hasText: place.name });
    await expect(booking.getByText(`Reserva de ${demoMember.name}`)).toBeVisible();
    await expect(booking.getByRole('cell', { name: 'Ana Convidada', exact: true })).toBeVisible();
    await expect(booking.getByRole('cell', { name: '***.456.789-**', exact: true })).toBeVisible();
    await expect(desk.getByText(formatCpf(guestCpf))).toHaveCount(0);
    await desk.getByLabel('Buscar').fill('bruno');
    await expect(booking.getByRole('cell', { name: 'Bruno Convidado', exact: true })).toBeVisible();
    await expect(booking.getByRole('cell', { name: 'Ana Convidada', exact: true })).toHaveCount(0);
    await desk.getByRole('button', { name: 'Registrar a entrada de Bruno Convidado' }).click();
    await expect(
      desk.getByRole('button', { name: 'Desfazer a entrada de Bruno Convidado' }),
    ).toContainText('Entrou às');
    await deskContext.close();
  });
});
