import { expect, test } from './fixtures';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  selectCalendarDay,
  timeSlotsThroughApi,
  typedDate,
  type ListedAssociate,
} from './helpers';

test('a block over two bookings keeps one and moves the other to a free place', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  // A long walk through four screens on a shared machine.
  test.setTimeout(90_000);
  const suffix = `${Date.now()}-${test.info().workerIndex}`;
  const courtA = await createPlaceThroughApi(request, session, `Quadra Impacto A ${suffix}`);
  const courtB = await createPlaceThroughApi(
    request,
    session,
    `Quadra Impacto B ${suffix}`,
    courtA,
  );
  // Two members of different titles, neither blocked.
  const response = await request.get('/api/backoffice/associate/findAllPaginated', {
    headers: session.headers,
    params: { companyId: session.companyId, take: 100, skip: 0 },
  });
  const { items } = (await response.json()) as { items: ListedAssociate[] };
  const bookable = items.filter((item) => !item.blocked && !item.associateTitle.blocked);
  const kept = bookable[0]!;
  const moved = bookable.find((item) => item.associateTitle.id !== kept.associateTitle.id)!;

  const date = clubDate(4);
  const slots = await timeSlotsThroughApi(request, session, courtA.id, date);
  const slotAt = (time: string) => slots.find((slot) => slot.time === time)!;
  for (const [associate, time] of [
    [kept, '10:00'],
    [moved, '11:00'],
  ] as const)
    await bookThroughApi(request, session, {
      placeId: courtA.id,
      associateId: associate.id,
      cardId: associate.cardId,
      slot: slotAt(time),
    });
  await page.goto(`/blocked-time/${courtA.id}`);
  await page.getByRole('button', { name: 'Criar bloqueio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar bloqueio' });
  await dialog.getByLabel('Motivo').fill('Torneio de duplas');
  await dialog.getByLabel('Início').fill(typedDate(date, '10:00'));
  await dialog.getByLabel('Fim').fill(typedDate(date, '12:00'));
  await dialog.getByRole('button', { name: 'Criar bloqueio' }).click();

  // Both bookings are listed, with card, place and time, before anything is created.
  await expect(dialog.getByText('Agendamentos atingidos pelo bloqueio')).toBeVisible();
  const keptChoice = dialog.getByRole('group', {
    name: `O que fazer com o agendamento de ${kept.user.name}`,
  });
  const movedChoice = dialog.getByRole('group', {
    name: `O que fazer com o agendamento de ${moved.user.name}`,
  });
  await expect(dialog.getByText(`${kept.user.name} · carteirinha ${kept.cardId}`)).toBeVisible();
  await expect(dialog.getByText(new RegExp(`${courtA.name} · .*10:00–11:00`))).toBeVisible();
  await keptChoice.getByRole('radio', { name: 'Manter' }).check();
  await movedChoice.getByRole('radio', { name: 'Mover' }).check();
  await movedChoice.getByRole('combobox', { name: 'Mover para' }).selectOption(courtB.id);
  await dialog.getByRole('button', { name: 'Criar bloqueio' }).click();

  // The dialog says what happened.
  await expect(dialog.getByRole('heading', { name: 'Bloqueio criado' })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Mantidos' })).toContainText(kept.user.name);
  await expect(dialog.getByRole('list', { name: 'Movidos' })).toContainText(
    `${courtA.name} → ${courtB.name}`,
  );
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(dialog).toBeHidden();

  // The block leaves the kept 10:00 out: only 11:00–12:00 is blocked.
  await page.getByLabel('Início').fill(typedDate(date, '00:00'));
  await page.getByLabel('Fim').fill(typedDate(date, '23:59'));
  await page.getByRole('button', { name: 'Buscar bloqueios' }).click();
  const cards = page.getByRole('listitem').filter({ hasText: 'Torneio de duplas' });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('11:00');
  await expect(cards).toContainText('12:00');

  // The moved booking is now on court B at 11:00, and court A still holds the kept one.
  await page.goto(`/place-appointments/${courtB.id}`);
  await selectCalendarDay(page, date);
  await expect(
    page.getByRole('button', { name: `Abrir agendamento de ${moved.user.name} às 11:00` }),
  ).toBeVisible();
  await page.goto(`/place-appointments/${courtA.id}`);
  await selectCalendarDay(page, date);
  await expect(
    page.getByRole('button', { name: `Abrir agendamento de ${kept.user.name} às 10:00` }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Abrir agendamento de ${moved.user.name} às 11:00` }),
  ).toHaveCount(0);
});
