import { expect, test } from './fixtures';
import { axeViolations } from './axe';

// The page's CSP refuses inline scripts: axe is injected by the test only.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  bypassCSP: true,
});

test("the portal's day chips have no axe label-content-name-mismatch violation", async ({
  memberPage: page,
}) => {
  await page.goto('/portal/espacos');
  await page
    .getByRole('link', { name: /^Ver horários: / })
    .first()
    .click();
  const chips = page.getByRole('group', { name: 'Escolha o dia' });
  await expect(chips.getByRole('button').first()).toBeVisible();

  const mismatches = () =>
    axeViolations(page, ['label-content-name-mismatch'], { within: '[role="group"]' });
  expect(await mismatches()).toEqual([]);
  // A chip whose name leaves out what it shows, what the rule exists to catch: the same run flags
  // it, so the rule is on and sees the chips.
  await page.evaluate(() => {
    const group = document.querySelector('[role="group"]')!;
    const copy = group.querySelector('button')!.cloneNode(true) as HTMLElement;
    copy.setAttribute('aria-label', 'Escolher outro dia');
    group.append(copy);
  });
  expect(await mismatches()).toHaveLength(1);
});
