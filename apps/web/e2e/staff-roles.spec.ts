import { completeCpf, formatCpf } from '@clube/shared';
import { expect, test } from './fixtures';

/** A valid CPF no other spec (nor another run on the same data) uses. */
const freshCpf = () =>
  completeCpf(String(Math.floor(Math.random() * 900_000_000) + 100_000_000).slice(0, 9));

test('an administrator invites a front-desk person, who accepts with the one-time password, must change it and cannot open the settings', async ({
  staffPage: page,
}) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Equipe' }).click();
  await expect(page.getByRole('heading', { name: 'Equipe' })).toBeVisible();

  const cpf = freshCpf();
  const name = `Rita Recepção ${cpf.slice(-4)}`;
  await page.getByRole('button', { name: 'Adicionar pessoa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar pessoa à equipe' });
  await dialog.getByLabel('CPF').fill(formatCpf(cpf));
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Papel').selectOption({ label: 'Recepção' });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();

  const added = page.getByRole('dialog', { name: 'Convite criado' });
  await expect(
    added.getByText(`${name} entra na equipe como Recepção ao aceitar o convite.`),
  ).toBeVisible();
  const oneTimePassword = (await added.getByTestId('one-time-password').textContent())!.trim();
  expect(oneTimePassword).toMatch(/^[a-z2-9]{12}$/);
  await added.getByRole('button', { name: 'Fechar' }).first().click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Convite pendente')).toBeVisible();
  await expect(
    row.getByText('Aguardando a pessoa entrar com a senha provisória entregue.'),
  ).toBeVisible();
  await expect(row.getByLabel(`Papel de ${name}`)).toHaveValue('recepcao');

  // The new person signs in with the one-time password: nothing opens before the change.
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('CPF').fill(cpf);
  await page.getByLabel('Senha', { exact: true }).fill(oneTimePassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Troque a sua senha provisória' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/change-password$/);

  const form = page.getByRole('form', { name: 'Alterar senha' });
  await form.getByLabel('Senha atual').fill(oneTimePassword);
  await form.getByLabel('Nova senha', { exact: true }).fill('senha-da-rita-1');
  await form.getByLabel('Confirmar nova senha').fill('senha-da-rita-1');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Front desk: no settings nor staff in the menu, and the settings' URL says why.
  const navigation = page.getByRole('navigation').first();
  await expect(navigation.getByRole('link', { name: 'Gerenciar associados' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Configurações' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Equipe' })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Sem permissão' })).toBeVisible();
  await expect(
    page.getByText('Somente administradores podem alterar as configurações.'),
  ).toBeVisible();
});
