import { seriesWeekdayLabels } from '@clube/shared';
import { expect, test } from './fixtures';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  timeSlotsThroughApi,
} from './helpers';

/** DD/MM/AAAA of a YYYY-MM-DD date, as staff type it. */
const typedDay = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
/** ISO weekday (1 Monday … 7 Sunday) of a date. */
const isoWeekday = (date: string) =>
  (((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1) as keyof typeof seriesWeekdayLabels;

test('staff preview a semester series with its one taken date, save it, see it on the day sheet and cancel one date', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now()}-${test.info().workerIndex}`;
  const court = await createPlaceThroughApi(request, session, `Quadra Série ${suffix}`);
  const teacher = await findUnblockedAssociate(request, session);
  const other = await findUnblockedAssociate(request, session, {
    where: (item) => item.associateTitle.id !== teacher.associateTitle.id,
  });
  const first = clubDate(2);
  const second = clubDate(4);
  const taken = clubDate(9);
  const last = clubDate(2 + 7 * 20 - 1);
  // Another desk books one of the series' dates first.
  const slots = await timeSlotsThroughApi(request, session, court.id, taken);
  await bookThroughApi(request, session, {
    placeId: court.id,
    associateId: other.id,
    cardId: other.cardId,
    slot: slots.find((slot) => slot.time === '10:00')!,
  });

  await page.goto('/series');
  await page.getByLabel('Espaço', { exact: true }).selectOption({ label: court.name });
  await page.getByLabel('Uma atividade (não conta em cota)').check();
  await expect(page.getByText('Uma atividade não conta na cota de nenhum título.')).toBeVisible();
  await page.getByLabel('Nome da atividade').fill(`Escolinha de tênis ${suffix}`);
  await page.getByLabel('Responsável (associado)').fill(teacher.cardId);
  await page.getByRole('button', { name: new RegExp(`· ${teacher.cardId}$`) }).click();
  await page.getByLabel(seriesWeekdayLabels[isoWeekday(first)], { exact: true }).check();
  await page.getByLabel(seriesWeekdayLabels[isoWeekday(second)], { exact: true }).check();
  await page.getByLabel('Início (horário do espaço)').selectOption('10:00');
  await page.getByLabel('De', { exact: true }).fill(typedDay(first));
  await page.getByLabel('Até', { exact: true }).fill(typedDay(last));
  await page.getByRole('button', { name: 'Ver prévia' }).click();

  // The taken date is listed, with who holds it, before anything is saved.
  await expect(page.getByRole('heading', { name: 'Prévia: 39 de 40 datas livres' })).toBeVisible();
  await expect(page.locator(`[data-date="${taken}"]`)).toContainText(`Ocupado: ${other.user.name}`);
  await page.getByRole('button', { name: 'Salvar série (39 datas livres)' }).click();
  await expect(page.getByText('Série salva: 39 datas reservadas.')).toBeVisible();

  // The day sheet marks the series' booking with the activity's name.
  await page.goto(`/day-sheet?date=${first}`);
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^${court.name}, 10:00: .*Série · Escolinha de tênis ${suffix}`),
    }),
  ).toBeVisible();

  // One date cancelled from the series' dates.
  await page.goto('/series');
  const card = page.locator('[data-series]').filter({ hasText: `Escolinha de tênis ${suffix}` });
  await expect(card).toContainText('39 datas marcadas');
  await card.getByRole('button', { name: 'Ver datas' }).click();
  await card.getByRole('button', { name: 'Cancelar esta data' }).first().click();
  await card.getByLabel('Motivo do cancelamento (o associado recebe)').fill('Chuva');
  await card.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(card.getByText('1 reserva cancelada.')).toBeVisible();
  await expect(card).toContainText('38 datas marcadas');
});
