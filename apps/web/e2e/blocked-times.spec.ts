import { expect, test } from './fixtures';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  selectCalendarDay,
  timeSlotsThroughApi,
  typedDate,
} from './helpers';

test('block a slot from the calendar, then one a booking took meanwhile', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  // Three screens and two blocks on a shared machine.
  test.setTimeout(60_000);
  const suffix = `${Date.now()}-${test.info().workerIndex}`;
  const place = await createPlaceThroughApi(request, session, `Quadra Bloqueio ${suffix}`);
  const associate = await findUnblockedAssociate(request, session);
  const date = clubDate(2);
  const slots = await timeSlotsThroughApi(request, session, place.id, date);
  const slotAt = (time: string) => slots.find((slot) => slot.time === time)!;
  await page.goto(`/place-appointments/${place.id}`);
  await selectCalendarDay(page, date);

  // A plain block: the reason is required, then the slot leaves the free ones.
  await page.getByRole('button', { name: '14:00 (disponível)' }).click();
  await page.getByRole('button', { name: 'Bloquear horário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear horário' });
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(dialog.getByText('A descrição do motivo é obrigatória')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Manutenção da rede');
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByText('Bloqueio de horário criado.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('button', { name: /^14:00 bloqueado: .*\(indisponível\)$/ }),
  ).toBeDisabled();

  // Another desk books 16:00 while this one is about to block it: the booking is listed and
  // the block goes through only once staff choose what to do with it (here: cancel it).
  await page.getByRole('button', { name: '16:00 (disponível)' }).click();
  await bookThroughApi(request, session, {
    placeId: place.id,
    associateId: associate.id,
    cardId: associate.cardId,
    slot: slotAt('16:00'),
  });
  await page.getByRole('button', { name: 'Bloquear horário' }).click();
  await dialog.getByLabel('Motivo').fill('Aula de tênis');
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(dialog.getByText('Agendamentos atingidos pelo bloqueio')).toBeVisible();
  await expect(
    dialog.getByText(`${associate.user.name} · carteirinha ${associate.cardId}`),
  ).toBeVisible();
  await expect(page.getByText('Bloqueio de horário criado.')).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Cancelar' }).check();
  await dialog.getByRole('button', { name: 'Criar bloqueio' }).click();
  await expect(page.getByText('Bloqueio de horário criado.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Cancelados' })).toContainText(associate.user.name);
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^16:00 .*\(indisponível\)$/ })).toBeDisabled();
  await expect(page.getByText('Nenhum agendamento encontrado.')).toBeVisible();

  // Both blocks are on the place's blocked-times page.
  await page.getByRole('link', { name: 'Gerenciar bloqueios' }).click();
  // It opens on the day the calendar showed.
  await expect(page).toHaveURL(new RegExp(`/blocked-time/${place.id}\\?date=${date}$`));
  await page.getByLabel('Início').fill(typedDate(date, '00:00'));
  await page.getByLabel('Fim').fill(typedDate(date, '23:59'));
  await page.getByRole('button', { name: 'Buscar bloqueios' }).click();
  await expect(page.getByText('Manutenção da rede')).toBeVisible();
  await expect(page.getByText('Aula de tênis')).toBeVisible();
});

test('bulk-block two places and see both on the club page', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const suffix = `${Date.now()}-${test.info().workerIndex}`;
  const first = await createPlaceThroughApi(request, session, `Piscina Lote ${suffix}`);
  const second = await createPlaceThroughApi(request, session, `Sauna Lote ${suffix}`);
  const reason = `Dedetização ${suffix}`;
  const date = clubDate(1);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Gerenciar horários bloqueados' })
    .click();
  await expect(page).toHaveURL(/\/manage-time-blocks$/);
  await page.getByRole('button', { name: 'Criar bloqueio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar bloqueio' });
  await dialog.getByRole('checkbox', { name: first.name }).check();
  await dialog.getByRole('checkbox', { name: second.name }).check();
  await dialog.getByLabel('Motivo').fill(reason);
  await dialog.getByLabel('Início').fill(typedDate(date, '06:00'));
  await dialog.getByLabel('Fim').fill(typedDate(date, '08:00'));
  await dialog.getByRole('button', { name: 'Criar bloqueios' }).click();
  await expect(page.getByText('Bloqueios criados com sucesso.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Início').fill(typedDate(date, '00:00'));
  await page.getByLabel('Fim').fill(typedDate(date, '23:59'));
  await page.getByRole('button', { name: 'Buscar bloqueios' }).click();
  const cards = page.getByRole('listitem').filter({ hasText: reason });
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: first.name })).toBeVisible();
  await expect(cards.filter({ hasText: second.name })).toBeVisible();
  await expect(cards.first()).toContainText(
    `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(2, 4)} 06:00`,
  );
});
