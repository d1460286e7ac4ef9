import { expect, type Page } from '@playwright/test';

/** The staff login the server seeds into a fresh data directory. */
export const demoStaff = { cpf: '52998224725', password: 'clube123' } as const;
export const demoClubName = 'Clube Demonstração';

export async function signIn(page: Page, password: string = demoStaff.password) {
  await page.goto('/login');
  await page.getByLabel('CPF').fill(demoStaff.cpf);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function signInToDemoClub(page: Page) {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Selecione um clube' })).toBeVisible();
  await page.getByRole('button', { name: `Entrar no clube ${demoClubName}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
