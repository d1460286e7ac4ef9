import { dateLabel } from '@clube/shared';
import { expect, test } from './fixtures';
import { clubDate } from './helpers';

test('the day sheet takes a typed date and a picked one, and keeps the day in its address through reload and back', async ({
  staffPage: page,
}) => {
  await page.goto('/day-sheet');
  await expect(page.getByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Data', exact: true });
  await expect(field).toHaveValue(dateLabel(clubDate(0)));

  // Typing: Backspace and digits stay in the field; a whole date moves the sheet.
  const target = clubDate(3);
  await field.click();
  await field.press('End');
  await field.press('Backspace');
  await field.press('Backspace');
  await expect(field).toHaveValue(dateLabel(clubDate(0)).slice(0, 8));
  await field.fill('');
  await field.pressSequentially(dateLabel(target).replaceAll('/', ''));
  await expect(field).toHaveValue(dateLabel(target));
  await expect(page).toHaveURL(new RegExp(`/day-sheet\\?date=${target}$`));

  // The day survives a reload, and a visit to another page and back.
  await page.reload();
  await expect(field).toHaveValue(dateLabel(target));
  await page.getByRole('navigation').getByRole('link', { name: 'Associados' }).first().click();
  await expect(page).toHaveURL(/\/associates/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`date=${target}$`));
  await expect(field).toHaveValue(dateLabel(target));

  // The calendar: the button opens the browser's own picker (a native date field behind it),
  // whose choice moves the sheet. Headless Chromium draws no picker: the choice is filled in.
  const picked = clubDate(5);
  await expect(page.getByRole('button', { name: 'Escolher a data no calendário' })).toBeVisible();
  await page.getByTestId('day-picker').fill(picked);
  await expect(page).toHaveURL(new RegExp(`date=${picked}$`));
  await expect(field).toHaveValue(dateLabel(picked));
});
