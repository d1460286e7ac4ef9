import axe from 'axe-core';

/**
 * axe's findings on what a test rendered. jsdom lays nothing out, so the rules that need
 * geometry (colour contrast; `label-content-name-mismatch`, which reads only text visible on
 * screen) cannot judge here; structure rules such as `heading-order` can.
 */
export async function axeViolations(container: Element = document.body) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.html),
  }));
}
