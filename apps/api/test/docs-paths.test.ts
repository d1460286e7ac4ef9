import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every file a doc names in backticks exists: a path from the repository's root or from one of
 * its workspaces (`apps/api/src/app.ts`, `src/app.ts`, `lib/errors.ts`), or a bare file name
 * (`place-day.ts`) that some tracked file carries. Build output and data folders are not files
 * of the repository and are left out.
 */
const root = join(import.meta.dirname, '../../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const trackedSet = new Set(tracked);
const trackedDirectories = new Set(
  tracked.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i).join('/'))),
);
const trackedNames = new Set(tracked.map((file) => basename(file)));
const bases = [
  '',
  'apps/api/',
  'apps/web/',
  'apps/api/src/',
  'apps/web/src/',
  'packages/db/',
  'packages/shared/',
  'packages/shared/src/',
  'bench/',
];

const docs = tracked.filter(
  (file) =>
    file.endsWith('.md') &&
    !file.includes('node_modules') &&
    (file.startsWith('docs/') ||
      !file.includes('/') ||
      /^(apps|packages|bench|deploy)\/[^/]+\/README\.md$|^deploy\/README\.md$/.test(file)),
);

const fileLike = /^[\w.-]+(\/[\w.[\]-]+)*\.(ts|tsx|mjs|js|json|md|sql|csv|sh|conf|service|ya?ml)$/;
const dirLike = /^(apps|packages|docs|bench|scripts|deploy|\.ci)(\/[\w.[\]-]+)*\/?$/;

function namesIn(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((name) => !/\*|NNN|(^|\/)dist(\/|$)|^DATA_DIR/.test(name))
    .filter((name) => fileLike.test(name) || dirLike.test(name));
}

function exists(name: string): boolean {
  const path = name.replace(/^\.\//, '').replace(/\/$/, '');
  if (!path.includes('/')) return trackedNames.has(path) || trackedDirectories.has(path);
  return bases.some(
    (base) =>
      trackedSet.has(base + path) ||
      trackedDirectories.has(base + path) ||
      tracked.some((file) => file.endsWith('/' + path)),
  );
}

describe('docs name files that exist', () => {
  it.each(docs)('%s', (doc) => {
    const missing = namesIn(readFileSync(join(root, doc), 'utf8')).filter((name) => !exists(name));
    expect(missing).toEqual([]);
  });
});
