import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

// The demo staff also works for this second club, which no other spec uses: renaming it cannot
// disturb specs running in parallel on the demo club.
const secondClubName = 'Clube Náutico Beira-Rio';

async function signInToSecondClub(page: Page) {
  await signIn(page);
  await page.getByRole('button', { name: `Entrar no clube ${secondClubName}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function saveClubSettings(page: Page, values: { name: string; timezone: string }) {
  const form = page.getByRole('form', { name: 'Dados do clube' });
  await form.getByLabel('Nome do clube').fill(values.name);
  await form.getByLabel('Fuso horário').selectOption(values.timezone);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();
}

test('renaming the club shows the new name in the header at once, and it stays', async ({
  page,
}) => {
  await signInToSecondClub(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible();
  const dateTime = String.raw`\d{2}/\d{2}/\d{4} às \d{2}:\d{2}:\d{2}`;
  await expect(
    page
      .getByRole('region', { name: secondClubName })
      .getByText(new RegExp(`^Criado em ${dateTime}$`)),
  ).toBeVisible();

  const renamed = `${secondClubName} — Sede`;
  await saveClubSettings(page, { name: renamed, timezone: 'America/Fortaleza' });
  const header = page.getByRole('banner');
  await expect(header.getByText(renamed)).toBeVisible();
  // The save is later than the seeding, so the page now tells when the club was last modified.
  await expect(
    page
      .getByRole('region', { name: renamed })
      .getByText(new RegExp(`^Última modificação em ${dateTime}$`)),
  ).toBeVisible();

  await page.reload();
  await expect(header.getByText(renamed)).toBeVisible();
  await expect(page.getByLabel('Fuso horário')).toHaveValue('America/Fortaleza');
  await page.goto('/select-company');
  await expect(page.getByRole('button', { name: `Entrar no clube ${renamed}` })).toBeVisible();

  await page.getByRole('button', { name: `Entrar no clube ${renamed}` }).click();
  await page.goto('/settings');
  await saveClubSettings(page, { name: secondClubName, timezone: 'America/Sao_Paulo' });
  await expect(header.getByText(secondClubName, { exact: true })).toBeVisible();
});

// Changing the demo password itself would sign out specs running in parallel; the happy path is
// covered by the API and component tests.
test('a wrong current password is pointed out on its field', async ({ page }) => {
  await signInToSecondClub(page);
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Alterar senha' });
  await form.getByLabel('Senha atual').fill('nao-e-a-senha');
  await form.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123');
  await form.getByLabel('Confirmar nova senha').fill('nova-senha-123');
  await form.getByRole('button', { name: 'Alterar senha' }).click();

  await expect(form.getByText('A senha atual está incorreta.')).toBeVisible();
  await expect(form.getByLabel('Senha atual')).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
});

// A 1×1 PNG: the server decides the type from these bytes and re-encodes them.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('uploading a logo shows it in the header; removing it brings the crest back', async ({
  page,
}) => {
  await signInToSecondClub(page);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Logo' });
  await form
    .getByLabel('Nova imagem do logo')
    .setInputFiles({ name: 'brasao.png', mimeType: 'image/png', buffer: tinyPng });
  await form.getByRole('button', { name: 'Enviar logo' }).click();
  await expect(page.getByText('Logo atualizado.')).toBeVisible();

  const headerLogo = page.getByRole('banner').locator('img').first();
  await expect(headerLogo).toHaveAttribute('src', /^\/api\/uploads\/[0-9a-f-]{36}-logo\.webp$/);
  const logoUrl = await headerLogo.getAttribute('src');
  const served = await page.request.get(logoUrl!);
  expect(served.headers()['content-type']).toBe('image/webp');

  await form.getByRole('button', { name: 'Remover logo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Logo excluído.')).toBeVisible();
  await expect(headerLogo).not.toHaveAttribute('src', /\/api\/uploads\//);
  expect((await page.request.get(logoUrl!)).status()).toBe(404);
});
