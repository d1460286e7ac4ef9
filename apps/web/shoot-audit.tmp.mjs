import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3262';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--lang=pt-BR'] });
for (const width of [390, 820, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'pt-BR' });
  await page.goto(base + '/login');
  await page.getByLabel('CPF').fill('52998224725');
  await page.getByLabel('Senha', { exact: true }).fill('clube123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Entrar no clube Clube Demonstração' }).click();
  await page.waitForURL(/dashboard/);
  await page.goto(base + '/audit');
  await page.getByRole('list', { name: 'Registros da auditoria' }).waitFor();
  await page.screenshot({ path: `/tmp/audit-shots/audit-${width}.png`, fullPage: true });
  await page.goto(base + '/dashboard');
  await page.locator('a[href^="/place/"]').first().click();
  const history = page.getByRole('region', { name: 'Histórico' });
  await history.getByRole('list').waitFor();
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/audit-shots/place-${width}.png` });
  await page.close();
}
await browser.close();
