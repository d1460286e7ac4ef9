import { randomInt } from 'node:crypto';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeCpf } from '@clube/shared';
import {
  clubDate,
  createPlaceThroughApi,
  demoClubName,
  demoStaff,
  pickMember,
  selectCalendarDay,
} from './helpers';

/** Imports twelve associates of our own (a unique tag in their names) into the demo club. */
async function importOwnAssociates(request: APIRequestContext, tag: string) {
  const session = await (
    await request.post('/api/auth/login', {
      data: { cpf: demoStaff.cpf, password: demoStaff.password },
    })
  ).json();
  const headers = { authorization: `Bearer ${session.access_token}` };
  const clubs = await (await request.get('/api/backoffice/company', { headers })).json();
  const club = clubs.items.find((item: { name: string }) => item.name === demoClubName);
  const base = randomInt(100_000, 999_999);
  const lines = Array.from({ length: 12 }, (_, index) =>
    [
      completeCpf(`${base}${String(index).padStart(3, '0')}`),
      `Sócio ${tag} ${String(index + 1).padStart(2, '0')} Conceição`,
      '15/03/1985',
      `${base}${index}`,
      `Título ${tag}`,
      index === 0 ? 'sim' : 'não',
    ].join(';'),
  );
  const csv = ['cpf;name;birthDate;cardId;title;isHolder', ...lines].join('\n');
  const response = await request.post('/api/backoffice/associate/import', {
    headers,
    multipart: {
      companyId: club.id,
      file: { name: 'socios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ applied: true, created: 12 });
  return { cardIdOf: (index: number) => `${base}${index}` };
}

test('search, page through, open an associate, change the password, block and see booking refused', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const tag = `E2E${randomInt(1000, 9999)}`;
  const imported = await importOwnAssociates(request, tag);
  const place = await createPlaceThroughApi(request, session, `Quadra ${tag}`);
  await page.goto('/associates?size=10');
  await expect(page.getByRole('heading', { name: 'Associados', exact: true })).toBeVisible();

  // Accent-insensitive search, kept in the URL.
  await page
    .getByRole('searchbox', { name: 'Buscar por nome, CPF ou carteirinha' })
    .fill(`socio ${tag.toLowerCase()}`);
  await expect(page).toHaveURL(new RegExp(`q=socio`));
  await expect(page.getByText('Exibindo 1 a 10 de 12 resultados')).toBeVisible();
  await page.getByRole('button', { name: 'Próxima' }).click();
  await expect(page.getByText('Exibindo 11 a 12 de 12 resultados')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page.getByText('Exibindo 11 a 12 de 12 resultados')).toBeVisible();

  const name = `Sócio ${tag} 12 Conceição`;
  await page.getByRole('link', { name: `Abrir ${name}` }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('15/03/1985')).toBeVisible();
  await expect(page.getByText('Dependente', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Alterar senha do portal' }).click();
  await page.getByLabel('Nova senha').fill('nova-senha-1');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Senha alterada.')).toBeVisible();

  await page.getByRole('button', { name: 'Bloquear associado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear associado' });
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(dialog.getByText('Informe o motivo do bloqueio')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Mensalidade em atraso');
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByText('Bloqueio registrado.')).toBeVisible();
  await expect(page.getByText('Motivo: Mensalidade em atraso')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desbloquear associado' })).toBeVisible();

  // Booking for the blocked associate: the check lists why, in Portuguese, and booking is refused.
  await page.goto(`/place-appointments/${place.id}`);
  await selectCalendarDay(page, clubDate(3));
  await page.getByRole('button', { name: '10:00 (disponível)' }).click();
  await page.getByRole('button', { name: 'Criar Agendamento' }).click();
  const booking = page.getByRole('dialog', { name: 'Criar Agendamento' });
  await pickMember(booking, imported.cardIdOf(11), imported.cardIdOf(11));
  await expect(booking.getByText(`Associado: ${name}`)).toBeVisible();
  await expect(booking.getByText('Este agendamento não é permitido:')).toBeVisible();
  await expect(booking.getByRole('listitem')).toHaveText([
    'Associado bloqueado: O associado está bloqueado para reservas.',
  ]);
  // 'Criar' waits until every rule passes: nothing is sent.
  await expect(booking.getByRole('button', { name: 'Criar' })).toBeDisabled();
  await expect(page.getByText('Agendamento criado com sucesso.')).toHaveCount(0);
  await booking.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Nenhum agendamento encontrado.')).toBeVisible();
  await expect(page.getByRole('button', { name: '10:00 (disponível)' })).toBeEnabled();
});
