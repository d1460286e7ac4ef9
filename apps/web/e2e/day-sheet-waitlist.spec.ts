import { expect, test } from './fixtures';
import {
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  timeSlotsThroughApi,
} from './helpers';

test('the front desk sees a slot’s line on the day sheet and books the freed slot for the first in line', async ({
  staffPage: page,
  request,
  api: staff,
}) => {
  test.setTimeout(120_000);
  const place = await createPlaceThroughApi(request, staff, `Quadra Espera ${Date.now()}`);
  const date = clubDate(1);
  const slot = (await timeSlotsThroughApi(request, staff, place.id, date)).find(
    (candidate) => candidate.time === '12:00',
  )!;
  const holder = await findUnblockedAssociate(request, staff, {
    where: (associate) => associate.user.name.endsWith('Pereira'),
  });
  const waiter = await findUnblockedAssociate(request, staff, {
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
  const joined = await request.post('/api/backoffice/waitlists', {
    headers: staff.headers,
    data: { placeId: place.id, startsAt: slot.startsAt, associateId: waiter.id },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  await page.goto(`/day-sheet?date=${date}`);
  const taken = page.getByRole('button', {
    name: `${place.name}, 12:00: Agendado — ${holder.user.name}, ${holder.cardId} — 1 na espera`,
  });
  await expect(taken).toBeVisible();
  await expect(taken).toContainText('fila 1');
  await taken.click();
  const dialog = page.getByRole('dialog', { name: 'Agendamento' });
  const line = dialog.getByRole('region', { name: 'Lista de espera (1)' });
  await expect(line.getByText(`1º ${waiter.user.name}`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('taken-dialog.png'), fullPage: true });
  await page.keyboard.press('Escape');

  // The holder cancels: the slot is freed, and its line still waits on the sheet.
  const cancelled = await request.patch(
    `/api/backoffice/appointment/cancel/${((await booked.json()) as { id: string }).id}`,
    { headers: staff.headers, data: { reason: 'Imprevisto' } },
  );
  expect(cancelled.status()).toBe(200);
  const freed = page.getByRole('button', {
    name: new RegExp(`^${place.name}, 12:00: Livre — 1 na espera$`),
  });
  await expect(freed).toBeVisible({ timeout: 10_000 });
  await freed.click();
  const choice = page.getByRole('dialog', { name: /horário livre/i });
  await choice.getByRole('button', { name: `Agendar para ${waiter.user.name}` }).click();
  await expect(page.getByText(`Horário agendado para ${waiter.user.name}.`)).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^${place.name}, 12:00: Agendado — ${waiter.user.name}`),
    }),
  ).toBeVisible();
});
