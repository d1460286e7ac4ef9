import type axeCore from 'axe-core';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';

const demoMember = { cpf: '10000000108', password: 'socio123' };
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The page's CSP refuses inline scripts: axe is injected by the test only.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  bypassCSP: true,
});

test("the portal's day chips have no axe label-content-name-mismatch violation", async ({
  page,
}) => {
  await page.goto('/portal/entrar');
  await page.getByLabel('CPF').fill(demoMember.cpf);
  await page.getByLabel('Senha', { exact: true }).fill(demoMember.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await page.goto('/portal/espacos');
  await page
    .getByRole('link', { name: /^Ver horários: / })
    .first()
    .click();
  const chips = page.getByRole('group', { name: 'Escolha o dia' });
  await expect(chips.getByRole('button').first()).toBeVisible();

  const violationsOf = (withMismatchedCopy: boolean) =>
    page.evaluate(async (addCopy) => {
      const axe = (window as unknown as { axe: typeof axeCore }).axe;
      const group = document.querySelector('[role="group"]')!;
      if (addCopy) {
        // A chip whose name leaves out what it shows: what the rule exists to catch.
        const copy = group.querySelector('button')!.cloneNode(true) as HTMLElement;
        copy.setAttribute('aria-label', 'Escolher outro dia');
        group.append(copy);
      }
      const run = await axe.run(group, {
        runOnly: { type: 'rule', values: ['label-content-name-mismatch'] },
      });
      return run.violations.flatMap((violation) => violation.nodes.map((node) => node.html));
    }, withMismatchedCopy);
  // The rule reads what is visible on screen, so it is judged in the browser, not in jsdom.
  await page.addScriptTag({ path: axePath });
  expect(await violationsOf(false)).toEqual([]);
  // The same run flags a chip named otherwise than it reads: the rule is on and sees the chips.
  expect(await violationsOf(true)).toHaveLength(1);
});
