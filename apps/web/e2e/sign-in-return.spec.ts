import { dateLabel } from '@clube/shared';
import { expect, test } from '@playwright/test';
import { clubDate, demoClubName, demoMember, demoStaff } from './helpers';

/** The member login the demo seed prints beside the staff one. */

test('the back office returns to the day of the day sheet that asked for the login, after the club is chosen', async ({
  page,
}) => {
  const day = clubDate(4);
  const deepLink = `/day-sheet?date=${day}`;

  await page.goto(deepLink);
  await expect(page.getByRole('heading', { name: 'Conecte-se para continuar' })).toBeVisible();
  await expect(page).toHaveURL(`/login?voltar=${encodeURIComponent(deepLink)}`);
  await page.getByLabel('CPF').fill(demoStaff.cpf);
  await page.getByLabel('Senha', { exact: true }).fill(demoStaff.password);
  await page.getByRole('button', { name: 'Entrar' }).click();

  // The demo administrator works for two clubs: the choice first, then the page.
  await page.getByRole('button', { name: `Entrar no clube ${demoClubName}` }).click();
  await expect(page.getByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
  await expect(page).toHaveURL(deepLink);
  await expect(page.getByRole('textbox', { name: 'Data', exact: true })).toHaveValue(
    dateLabel(day),
  );
});

test('the back office never follows a return address to another site', async ({ page }) => {
  await page.goto(`/login?voltar=${encodeURIComponent('//example.com/day-sheet')}`);
  await page.getByLabel('CPF').fill(demoStaff.cpf);
  await page.getByLabel('Senha', { exact: true }).fill(demoStaff.password);
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page.getByRole('heading', { name: 'Selecione um clube' })).toBeVisible();
  await expect(page).toHaveURL('/select-company');
});

test.describe('members portal on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the portal returns to the page that asked for the sign-in, query included', async ({
    page,
  }) => {
    await page.goto('/portal/reservas?aba=past');
    await expect(page.getByRole('heading', { name: 'Portal do associado' })).toBeVisible();
    await expect(page).toHaveURL(
      `/portal/entrar?voltar=${encodeURIComponent('/reservas?aba=past')}`,
    );
    await page.getByLabel('CPF').fill(demoMember.cpf);
    await page.getByLabel('Senha', { exact: true }).fill(demoMember.password);
    await page.getByRole('button', { name: 'Entrar' }).click();

    await expect(page.getByRole('heading', { name: 'Minhas reservas' })).toBeVisible();
    await expect(page).toHaveURL('/portal/reservas?aba=past');
    await expect(page.getByRole('link', { name: 'Passadas' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
