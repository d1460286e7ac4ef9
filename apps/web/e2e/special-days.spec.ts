import { expect, test } from './fixtures';
import { clubDate, createPlaceThroughApi, signInToPortal, typedDate } from './helpers';

test('staff close the club for a holiday through Feriados e dias especiais: the portal has no slots and says why, the day sheet names the day', async ({
  staffPage: page,
  browser,
  request,
  api: session,
}) => {
  test.setTimeout(90_000);
  const suffix = `${Date.now()}-${test.info().workerIndex}`;
  const place = await createPlaceThroughApi(request, session, `Quadra Feriado ${suffix}`);
  // Far enough ahead that no other spec books on it; inside the place's 30-day window.
  const date = clubDate(20);
  const name = `Feriado E2E ${suffix.slice(-6)}`;
  const shown = typedDate(date, '').trim();

  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Feriados e dias especiais' })
    .click();
  await expect(page.getByRole('heading', { name: 'Feriados e dias especiais' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar dia especial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo dia especial' });
  await dialog.getByLabel('Data').fill(shown);
  await dialog.getByLabel('Nome').fill(name);
  await expect(dialog.getByRole('radio', { name: 'O clube inteiro' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Fechado o dia todo' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Salvar dia especial' }).click();
  await expect(dialog).toBeHidden();

  try {
    if (date.slice(0, 4) !== clubDate(0).slice(0, 4))
      await page.getByRole('button', { name: 'Próximo ano' }).click();
    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText(shown);
    await expect(row).toContainText('Clube inteiro');
    await expect(row).toContainText('Fechado');

    // The member's portal on that date: no slots, and why.
    const member = await (await browser.newContext()).newPage();
    await signInToPortal(member);
    await member.goto(`/portal/espacos/${place.id}?dia=${date}`);
    await expect(member.getByText(`Clube fechado — ${name}`)).toBeVisible();
    await expect(member.getByRole('button', { name: /^\d{2}:\d{2} Livre$/ })).toHaveCount(0);
    await member.context().close();

    // The day sheet names the day beside its date.
    await page.goto(`/day-sheet?date=${date}`);
    await expect(page.getByRole('heading', { name: 'Quadro do dia' })).toBeVisible();
    await expect(page.getByText(`${name} — clube fechado`)).toBeVisible();
  } finally {
    // The club opens again that date, for the specs that come after.
    const listed = await request.get(
      `/api/backoffice/special-day/company/${session.companyId}?year=${date.slice(0, 4)}`,
      { headers: session.headers },
    );
    const { items } = (await listed.json()) as { items: Array<{ id: string; name: string }> };
    for (const item of items.filter((day) => day.name === name))
      await request.delete(`/api/backoffice/special-day/${item.id}`, { headers: session.headers });
  }
});
