import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { needsBuild, sourcesHash, stampBuild } from '../../../scripts/build-stamp.mjs';

let root: string;
const write = (path: string, contents: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), contents);
};

/** A checkout with sources and both build outputs. */
function builtCheckout() {
  root = mkdtempSync(join(tmpdir(), 'clube-stamp-'));
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('apps/web/src/main.tsx', 'render()');
  write('apps/api/src/server.ts', 'listen()');
  write('packages/shared/src/index.ts', 'export {}');
  write('apps/web/dist/index.html', '<html>');
  write('apps/api/dist/server.js', 'listen()');
  write('apps/api/dist/pglite-worker.mjs', 'serve()');
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start build stamp', () => {
  it('builds a checkout never built here, then not again while nothing changes', () => {
    builtCheckout();
    expect(needsBuild(root)).toBe(true);
    stampBuild(root);
    expect(needsBuild(root)).toBe(false);
  });

  it('builds again when a source, the lock file or a new file changes', () => {
    builtCheckout();
    stampBuild(root);
    write('apps/web/src/main.tsx', 'render(<App />)');
    expect(needsBuild(root)).toBe(true);
    stampBuild(root);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(needsBuild(root)).toBe(true);
    stampBuild(root);
    write('packages/db/drizzle/0004_more.sql', 'select 1');
    expect(needsBuild(root)).toBe(true);
  });

  it('builds again when an output is missing, and ignores outputs and dependencies', () => {
    builtCheckout();
    stampBuild(root);
    const before = sourcesHash(root);
    write('apps/web/dist/assets/index.js', 'bundle');
    write('apps/web/node_modules/some-lib/index.js', 'lib');
    expect(sourcesHash(root)).toBe(before);
    expect(needsBuild(root)).toBe(false);
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(needsBuild(root)).toBe(true);
  });
});
