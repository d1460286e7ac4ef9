import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  pickMember,
  signInToDemoClub,
} from './helpers';

async function openSheet(page: Page, date: string) {
  await signInToDemoClub(page);
  await page.goto(`/day-sheet?date=${date}`);
  await expect(page.getByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
  // Subscribed to the club's events: from here on nothing is missed.
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
}

test('a booking made on one open day sheet appears on another without reloading', async ({
  browser,
  request,
  api: session,
}) => {
  const place = await createPlaceThroughApi(request, session, `Quadra Quadro ${Date.now()}`);
  const associate = await findUnblockedAssociate(request, session, { take: 20 });
  const date = clubDate(1);

  const desk = await browser.newContext();
  const pool = await browser.newContext();
  const deskPage = await desk.newPage();
  const poolPage = await pool.newPage();
  await openSheet(deskPage, date);
  // The date reads DD/MM/AAAA whatever the browser's language.
  const [year, month, day] = date.split('-');
  await expect(deskPage.getByLabel('Data', { exact: true })).toHaveValue(`${day}/${month}/${year}`);
  await openSheet(poolPage, date);
  const freeCell = (page: Page) =>
    page.getByRole('button', { name: `${place.name}, 12:00: Livre`, exact: true });
  await expect(freeCell(poolPage)).toBeVisible();

  await freeCell(deskPage).click();
  await deskPage.getByRole('button', { name: 'Agendar' }).click();
  const dialog = deskPage.getByRole('dialog', { name: 'Criar Agendamento' });
  await pickMember(dialog, associate.cardId, associate.cardId);
  await expect(dialog.getByText(`Associado: ${associate.user.name}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(deskPage.getByText('Agendamento criado com sucesso.')).toBeVisible();

  // The other sheet learns it from the live stream: well within the 2 seconds promised.
  const booked = poolPage.getByRole('button', {
    name: `${place.name}, 12:00: Agendado — ${associate.user.name}`,
  });
  await expect(booked).toBeVisible({ timeout: 2_000 });
  await expect(freeCell(poolPage)).toHaveCount(0);

  await desk.close();
  await pool.close();
});
