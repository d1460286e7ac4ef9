import { expect, test } from './fixtures';
import { demoClubName, signIn, signInToDemoClub } from './helpers';

test('landing → login → club → navigate → Sair', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Bem-vindo ao backoffice do portal de reservas' }),
  ).toBeVisible();
  await expect(page.getByText(/© \d{4} Clube Reservas/)).toBeVisible();
  await page.getByRole('link', { name: 'Login Backoffice' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Conecte-se para continuar' })).toBeVisible();

  await signInToDemoClub(page);
  const header = page.getByRole('banner');
  await expect(header.getByText(demoClubName)).toBeVisible();

  const navigation = page.getByRole('navigation', { name: 'Navegação principal' });
  await navigation.getByRole('link', { name: 'Gerenciar categorias' }).click();
  await expect(page).toHaveURL(/\/category$/);
  await expect(page.getByRole('heading', { name: 'Gerenciar Categorias' })).toBeVisible();

  await navigation.getByRole('link', { name: 'Horários de funcionamento' }).click();
  await expect(
    page.getByRole('heading', { name: 'Gerenciar horários de funcionamento' }),
  ).toBeVisible();

  await navigation.getByRole('link', { name: 'Gerenciar associados' }).click();
  await expect(page.getByRole('heading', { name: 'Associados', exact: true })).toBeVisible();

  await navigation.getByRole('link', { name: 'Gerenciar horários bloqueados' }).click();
  await expect(page.getByRole('heading', { name: 'Gerenciar horários bloqueados' })).toBeVisible();

  await navigation.getByRole('link', { name: 'Quadro do dia' }).click();
  await expect(page.getByRole('heading', { name: 'Quadro do dia' })).toBeVisible();

  await navigation.getByRole('link', { name: 'Clube', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await navigation.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?voltar=%2Fdashboard$/);
});

test('the mobile menu opens, navigates and closes', async ({ staffPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: 'Abrir menu de navegação' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Gerenciar categorias' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Gerenciar Categorias' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(demoClubName)).toBeVisible();
});

test('a signed-in user visiting /login is sent to the club selection', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/select-company$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/select-company$/);
  await expect(page.getByRole('heading', { name: 'Selecione um clube' })).toBeVisible();
});

test('a visitor opening a guarded page is sent to /login, which will return there', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?voltar=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: 'Conecte-se para continuar' })).toBeVisible();
});

test('a wrong password shows the invalid-credentials toast', async ({ page }) => {
  await signIn(page, 'senha-errada');
  await expect(page.getByText('Credenciais inválidas! Tente novamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the not-found page and Voltar goes back', async ({ page }) => {
  await page.goto('/');
  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada!' })).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the not-found page is wrapped in the layout when signed in', async ({ staffPage: page }) => {
  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada!' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(demoClubName)).toBeVisible();
});

test('the profile shows the signed-in staff member', async ({ staffPage: page }) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Meu perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByText('529.982.247-25')).toBeVisible();
});
