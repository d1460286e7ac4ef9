// What `npm start` builds from, and whether the last build still matches it. A build is stamped
// with a hash of every source file that goes into it (and of the lock file, which pins what the
// bundles contain); a restart of an unchanged checkout skips the build and starts at once.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folders and files (relative to the repository) whose contents end up in a build. */
export const buildInputs = [
  'package.json',
  'package-lock.json',
  'apps/web',
  'apps/api',
  'packages/shared',
  'packages/db',
];

/** Never an input: dependencies, build outputs and what tests leave behind. */
const ignoredNames = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
]);

/** The outputs a start needs; the stamp lives next to the server bundle. */
export const buildOutputs = [
  'apps/web/dist/index.html',
  'apps/api/dist/server.js',
  'apps/api/dist/pglite-worker.mjs',
];
const stampFile = 'apps/api/dist/.sources-hash';

function* filesUnder(root, path) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return;
  const entries = readdirSync(absolute, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (ignoredNames.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, child);
    else if (entry.isFile()) yield child;
  }
}

/** A hash of the names and contents of every build input under `root`. */
export function sourcesHash(root) {
  const hash = createHash('sha256');
  for (const input of buildInputs) {
    const absolute = join(root, input);
    if (!existsSync(absolute)) continue;
    const files = statSync(absolute).isFile() ? [input] : filesUnder(root, input);
    for (const file of files) {
      hash.update(file);
      hash.update('\0');
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when an output is missing or the sources changed since the stamped build. */
export function needsBuild(root) {
  if (buildOutputs.some((output) => !existsSync(join(root, output)))) return true;
  const stamp = join(root, stampFile);
  if (!existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== sourcesHash(root);
}

/** Records that the outputs now match the sources. */
export function stampBuild(root) {
  writeFileSync(join(root, stampFile), `${sourcesHash(root)}\n`);
}
