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

/**
 * The words a control shows must be in its accessible name (WCAG 2.5.3, axe's
 * `label-content-name-mismatch`): someone who says what they see reaches the control.
 */
const nameMismatches = (page: Page) => axeViolations(page, ['label-content-name-mismatch']);

test('the day sheet, the place calendar and their dialogs name every control by the words it shows', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const place = await createPlaceThroughApi(request, session, `Quadra Nomes ${Date.now()}`);
  const associate = await findUnblockedAssociate(request, session, { take: 20 });
  const date = clubDate(1);
  const slots = await timeSlotsThroughApi(request, session, place.id, date);
  const booked = slots.find((slot) => slot.time === '10:00')!;
  await bookThroughApi(request, session, {
    placeId: place.id,
    associateId: associate.id,
    cardId: associate.cardId,
    slot: booked,
  });
  await page.goto(`/day-sheet?date=${date}`);
  const bookedCell = page.getByRole('button', {
    name: `${place.name}, 10:00: Agendado — ${associate.user.name}, ${associate.cardId}`,
  });
  await expect(bookedCell).toBeVisible();
  expect(await nameMismatches(page)).toEqual([]);

  // The booking's dialog.
  await bookedCell.click();
  await expect(page.getByRole('heading', { name: 'Agendamento', exact: true })).toBeVisible();
  expect(await nameMismatches(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // A free time's choice, then the booking dialog for it.
  await page.getByRole('button', { name: `${place.name}, 12:00: Livre`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Horário livre' })).toBeVisible();
  expect(await nameMismatches(page)).toEqual([]);
  await page.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByRole('heading', { name: 'Criar Agendamento' })).toBeVisible();
  expect(await nameMismatches(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // The place's calendar: its slots (one taken, one free) and its day's bookings.
  await page.goto(`/place-appointments/${place.id}?date=${date}`);
  await expect(
    page.getByRole('button', { name: `Abrir agendamento de ${associate.user.name} às 10:00` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '12:00 (disponível)' })).toBeVisible();
  expect(await nameMismatches(page)).toEqual([]);

  // On a phone the sheet lists one place's times, each row with the words of its name.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/day-sheet?date=${date}`);
  await page.getByRole('combobox', { name: 'Espaço' }).selectOption({ label: place.name });
  await expect(
    page.getByRole('button', {
      name: `${place.name}, 10:00: Agendado — ${associate.user.name}, ${associate.cardId}`,
    }),
  ).toBeVisible();
  expect(await nameMismatches(page)).toEqual([]);
});
