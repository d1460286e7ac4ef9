import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations } from './axe';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  timeSlotsThroughApi,
} from './helpers';

// axe is injected as a script: the app's policy allows only its own scripts.
test.use({ bypassCSP: true });
/** What axe finds wrong with the names and roles on screen (the moving state's outlines and texts). */
const moveViolations = (page: Page) =>
  axeViolations(page, [
    'label-content-name-mismatch',
    'aria-allowed-attr',
    'aria-valid-attr-value',
    'button-name',
    'nested-interactive',
  ]);

test('a booking moves to another court from the keyboard: M, arrows, Enter, confirm', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const suffix = `${Date.now()}-${test.info().workerIndex}`;
  const courtA = await createPlaceThroughApi(request, session, `Quadra Mover A ${suffix}`);
  const courtB = await createPlaceThroughApi(request, session, `Quadra Mover B ${suffix}`, courtA);
  const associate = await findUnblockedAssociate(request, session, { take: 30 });
  const date = clubDate(3);
  const slots = await timeSlotsThroughApi(request, session, courtA.id, date);
  await bookThroughApi(request, session, {
    placeId: courtA.id,
    associateId: associate.id,
    cardId: associate.cardId,
    slot: slots.find((slot) => slot.time === '10:00')!,
  });
  await page.goto(`/day-sheet?date=${date}`);
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  const booking = page.getByRole('button', {
    name: new RegExp(`^${courtA.name}, 10:00: Agendado — ${associate.user.name}`),
  });
  await booking.focus();
  await page.keyboard.press('m');
  await expect(page.getByTestId('move-banner')).toContainText(
    `Movendo a reserva de ${associate.user.name}`,
  );
  // Esc puts it back; M picks it up again.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('move-banner')).toBeHidden();
  await page.keyboard.press('m');
  await expect(page.getByTestId('move-banner')).toBeVisible();
  expect(await moveViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowDown');
  await expect(
    page.getByRole('button', { name: new RegExp(`^${courtB.name}, 10:00: Livre`) }),
  ).toBeFocused();
  await page.keyboard.press('Enter');

  const confirm = page.getByRole('dialog', { name: 'Mover reserva' });
  await expect(
    confirm.getByText(`Mover a reserva de ${associate.user.name} para ${courtB.name} às 10:00?`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Mover' }).click();
  await expect(page.getByText(`Reserva movida para ${courtB.name} às 10:00.`)).toBeVisible();

  await expect(
    page.getByRole('button', {
      name: new RegExp(`^${courtB.name}, 10:00: Agendado — ${associate.user.name}`),
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: `${courtA.name}, 10:00: Livre`, exact: true }),
  ).toBeVisible();
});
