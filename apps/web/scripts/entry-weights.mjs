// The bytes a first visit loads, per entry of the production build, held to a budget: run after
// `vite build` (the package's build script), so every build (CI's end-to-end and benchmark steps
// among them) fails when an entry outgrows its budget. The weight is the gzip size of every
// JavaScript file the entry's HTML loads before anything else: its chunk and the chunks it
// imports statically (not the lazy ones), read from Vite's manifest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzip bytes a first load may reach, by the entry's key in the manifest. */
export const entryBudgets = {
  // The members' sign-in page, where almost every visit of the portal starts.
  'portal/index.html': 130 * 1024,
};
// Not an entry: the Relatórios route's lazy chunk, with its chart library (visx scale, shape and
// group, d3-scale inside), weighs 16.9 KB gzip and loads only on /relatorios (decision 037).

/** The manifest keys of an entry's first load: the entry and its static imports, each once. */
export function firstLoadKeys(manifest, entry) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} não está no manifesto do build`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  return [...seen];
}

/** The gzip bytes of an entry's first load; `sizeOf` gives a built file's gzip bytes. */
export function firstLoadBytes(manifest, entry, sizeOf) {
  return firstLoadKeys(manifest, entry).reduce(
    (total, key) => total + sizeOf(manifest[key].file),
    0,
  );
}

/** Each budgeted entry's weight against its budget (KB with one decimal in `line`). */
export function checkEntryWeights(manifest, sizeOf, budgets = entryBudgets) {
  return Object.entries(budgets).map(([entry, budget]) => {
    const bytes = firstLoadBytes(manifest, entry, sizeOf);
    const kb = (value) => (value / 1024).toFixed(1);
    const over = bytes > budget;
    return {
      entry,
      bytes,
      budget,
      over,
      line: `${entry}: ${kb(bytes)} KB gzip na primeira carga (orçamento ${kb(budget)} KB)${over ? ' — ACIMA DO ORÇAMENTO' : ''}`,
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--dist');
  const dist = at > 0 ? process.argv[at + 1] : fileURLToPath(new URL('../dist/', import.meta.url));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const results = checkEntryWeights(
    manifest,
    (file) => gzipSync(readFileSync(join(dist, file))).length,
  );
  for (const result of results) console.log(result.line);
  if (results.some((result) => result.over)) process.exitCode = 1;
}
