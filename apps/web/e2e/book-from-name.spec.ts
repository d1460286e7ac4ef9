import { expect, test } from './fixtures';
import { clubDate, createPlaceThroughApi, findUnblockedAssociate } from './helpers';

/** Lower case, no accents: how the front desk types a name in a hurry. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

test('book from part of a member’s name: one field, words in any order, pick, Enter', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const place = await createPlaceThroughApi(request, session, `Quadra Nome ${Date.now()}`);
  // A member with at least two words in the name, free to book.
  const member = await findUnblockedAssociate(request, session, {
    where: (item) => item.user.name.trim().split(/\s+/).length > 1,
  });
  const words = plain(member.user.name).split(/\s+/);
  // The last word first, then the first: every word must match, in any order, without accents.
  const typed = `${words.at(-1)} ${words[0]}`;
  const date = clubDate(2);
  await page.goto(`/place-appointments/${place.id}?date=${date}`);
  await expect(
    page.getByRole('heading', { name: `Agendamentos do espaço · ${place.name}` }),
  ).toBeVisible();

  await page.getByRole('button', { name: '12:00 (disponível)' }).click();
  await page.getByRole('button', { name: 'Criar Agendamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar Agendamento' });
  await expect(dialog.getByText(new RegExp(`^${place.name} · `))).toBeVisible();
  const field = dialog.getByRole('combobox', { name: 'Associado' });
  await expect(field).toBeFocused();
  await field.pressSequentially(typed);
  const option = dialog
    .getByRole('option')
    .filter({ hasText: member.user.name })
    .filter({ hasText: `Carteirinha ${member.cardId}` });
  await option.click();
  await expect(field).toHaveValue(member.user.name);
  await expect(dialog.getByRole('button', { name: 'Criar' })).toBeEnabled();
  await field.press('Enter');
  await expect(page.getByText('Agendamento criado com sucesso.')).toBeVisible();

  // The day's list names the member and their card; the slot says who holds it.
  // The member's name is the row's button; the row around it tells the rest.
  const row = page.getByRole('listitem').filter({
    has: page.getByRole('button', { name: `Abrir agendamento de ${member.user.name} às 12:00` }),
  });
  await expect(row).toContainText(member.user.name);
  await expect(row).toContainText(`Carteirinha ${member.cardId}`);
  await expect(row).toContainText('pela secretaria');
  await expect(
    page.getByRole('button', { name: `12:00 ocupado por ${member.user.name} (indisponível)` }),
  ).toBeDisabled();

  // The date survives a reload.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
});
