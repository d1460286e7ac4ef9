import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * What axe finds wrong on the page, for the given rules only, as `rule: element` lines (an empty
 * list when all is well). Rules that judge what is on screen (`label-content-name-mismatch`) need
 * a real layout, so they run here rather than in jsdom. axe is injected as a script, which the
 * app's policy refuses: a spec that calls this sets `test.use({ bypassCSP: true })`.
 */
export async function axeViolations(
  page: Page,
  rules: string[],
  options: { within?: string } = {},
): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(
    async ({ rules, within }) => {
      const axe = (window as unknown as { axe: typeof Axe }).axe;
      const context = within ? document.querySelector(within)! : document;
      const results = await axe.run(context, { runOnly: { type: 'rule', values: rules } });
      return results.violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.html.slice(0, 160)}`),
      );
    },
    { rules, within: options.within },
  );
}
