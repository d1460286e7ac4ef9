import { clubTimeOf } from '@clube/shared';
import { expect, test } from './fixtures';
import {
  bookThroughApi,
  createPlaceThroughApi,
  demoMember,
  demoTimezone,
  findUnblockedAssociate,
  slotStartingSoon,
  withClubOpenAllDay,
} from './helpers';

test.setTimeout(90_000);

test('a member shows the entry code of their booking on the portal and the front desk types it to check them in', async ({
  browser,
  staffPage: page,
  request,
  api: session,
}) => {
  // A booking of the demo member starting within minutes, on a place of the spec's own.
  const place = await createPlaceThroughApi(
    request,
    session,
    `Quadra Código ${Date.now()}`,
    undefined,
    { startsAt: '00:00', endsAt: '23:59', bookRange: 15 },
  );
  const member = await findUnblockedAssociate(request, session, {
    take: 50,
    where: (associate) => associate.user.name === demoMember.name,
  });
  const book = async () => {
    const slot = await slotStartingSoon(request, session, place.id);
    if (!slot) return undefined;
    await bookThroughApi(request, session, {
      placeId: place.id,
      associateId: member.id,
      cardId: member.cardId,
      slot,
    });
    return slot;
  };
  const slot = (await book()) ?? (await withClubOpenAllDay(request, session, book))!;

  // The member, on a phone, finds the code and the QR code under the booking.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const memberPage = await phone.newPage();
  await memberPage.goto('/portal/entrar');
  await memberPage.getByLabel('CPF').fill(demoMember.cpf);
  await memberPage.getByLabel('Senha', { exact: true }).fill(demoMember.password);
  await memberPage.getByRole('button', { name: 'Entrar' }).click();
  await expect(memberPage.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await memberPage.goto('/portal/reservas');
  const card = memberPage.getByRole('article').filter({ hasText: place.name });
  await expect(card).toBeVisible();
  const code = (await card.locator('.font-mono').innerText()).trim();
  expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
  await card.getByRole('button', { name: 'Mostrar QR code de entrada' }).click();
  await expect(card.getByRole('img', { name: `QR code de entrada, código ${code}` })).toBeVisible();
  await phone.close();

  // The front desk types it on the day sheet.
  await page.goto('/day-sheet');
  await page.getByRole('button', { name: 'Entrada por código' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar entrada por código' });
  await dialog.getByLabel('Código da reserva').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(
    dialog.getByText(
      `Entrada registrada: ${demoMember.name}, ${place.name} às ${clubTimeOf(new Date(slot.startsAt), demoTimezone)}.`,
    ),
  ).toBeVisible();

  // The same code again: already in.
  await dialog.getByLabel('Código da reserva').fill(code);
  await dialog.getByRole('button', { name: 'Registrar entrada' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Entrada já registrada hoje às');
  await expect(dialog.getByRole('alert')).toContainText(demoMember.name);
});
