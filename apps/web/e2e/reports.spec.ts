import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { signInAs } from './helpers';

test("a manager reads last month's reports and exports its appointments", async ({
  api,
  request,
  staffPage: page,
}) => {
  test.setTimeout(240_000);
  const figures = (await (
    await request.get('/api/backoffice/reports', {
      headers: api.headers,
      params: { companyId: api.companyId, period: 'last-month' },
    })
  ).json()) as {
    period: { from: string; to: string };
    behaviour: { bookings: { current: number } };
  };

  await page.getByRole('link', { name: 'Relatórios' }).first().click();
  await expect(page.getByRole('heading', { name: 'Relatórios', level: 1 })).toBeVisible();
  await page.getByLabel('Período').selectOption({ label: 'Mês passado' });
  await expect(page).toHaveURL(/period=last-month/);
  const heatmap = page.getByTestId('report-heatmap');
  await expect(heatmap.getByText('Ocupação por dia da semana e hora').first()).toBeVisible();
  await expect(page.getByText(/Horários bloqueados, dias fechados/)).toBeVisible();
  // The screen at a phone's, a tablet's and a desktop's width, kept with the run's results.
  for (const [name, width] of [
    ['phone', 390],
    ['tablet', 820],
    ['desktop', 1440],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`reports-${name}.png`), fullPage: true });
  }

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar agendamentos do período' }).click();
  const file = await readFile((await (await download).path())!);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(file.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
  expect(rows[0]?.slice(0, 3)).toEqual(['Início', 'Fim', 'Espaço']);
  // One row per booking that starts in the month, each dated in it (club time, DD/MM/YYYY).
  expect(rows.length - 1).toBe(figures.behaviour.bookings.current);
  const [year, month] = figures.period.from.split('-');
  for (const row of rows.slice(1)) expect(row[0]).toMatch(new RegExp(`^\\d{2}/${month}/${year} `));
});

test('Consulta reads the reports; Recepção is not offered them and is refused', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'consulta');
  await page.getByRole('link', { name: 'Relatórios' }).first().click();
  await expect(page.getByTestId('report-heatmap')).toBeVisible();

  await page.getByRole('button', { name: /Sair/ }).first().click();
  await signInAs(page, 'recepcao');
  await expect(page.getByRole('link', { name: 'Relatórios' })).toHaveCount(0);
  await page.goto('/relatorios');
  await expect(page.getByText('Sem permissão')).toBeVisible();
});
