import { expect, test } from './fixtures';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  timeSlotsThroughApi,
} from './helpers';

test('staff book past the monthly quota as an exception with a reason, and the day sheet marks it', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const place = await createPlaceThroughApi(request, session, `Quadra Exceção ${Date.now()}`);
  // One booking a month per title, already used by the member.
  const limited = await request.patch('/api/backoffice/place', {
    headers: session.headers,
    data: { id: place.id, associateReservationLimit: 1 },
  });
  expect(limited.status()).toBe(200);
  const member = await findUnblockedAssociate(request, session);
  // Both bookings on one day: one month, whatever today is.
  const date = clubDate(1);
  const slots = await timeSlotsThroughApi(request, session, place.id, date);
  await bookThroughApi(request, session, {
    placeId: place.id,
    associateId: member.id,
    cardId: member.cardId,
    slot: slots.find((slot) => slot.time === '10:00')!,
  });
  await page.goto(`/place-appointments/${place.id}?date=${date}`);
  await page.getByRole('button', { name: '12:00 (disponível)' }).click();
  await page.getByRole('button', { name: 'Criar Agendamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar Agendamento' });
  await dialog.getByRole('combobox', { name: 'Associado' }).pressSequentially(member.cardId);
  await dialog
    .getByRole('option')
    .filter({ hasText: `Carteirinha ${member.cardId}` })
    .click();
  await expect(dialog.getByRole('alert')).toContainText('Cota do mês');
  await expect(dialog.getByRole('button', { name: 'Criar' })).toBeDisabled();

  const bookAsException = dialog.getByRole('button', { name: 'Reservar como exceção' });
  await bookAsException.click();
  await expect(dialog.getByText('Informe o motivo da exceção')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Motivo da exceção' }).fill('Final do torneio interno');
  await bookAsException.click();
  await expect(page.getByText('Agendamento criado como exceção.')).toBeVisible();

  await page.goto(`/day-sheet?date=${date}`);
  const cell = page.getByRole('button', {
    name: new RegExp(`${place.name}, 12:00: Agendado — .* — Exceção: Final do torneio interno`),
  });
  await expect(cell).toBeVisible();
  await cell.click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('Final do torneio interno')).toBeVisible();
});
