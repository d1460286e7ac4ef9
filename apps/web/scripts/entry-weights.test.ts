import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkEntryWeights,
  entryBudgets,
  firstLoadBytes,
  type Manifest,
} from './entry-weights.mjs';

/** An entry importing a shared chunk twice over, and a lazy page that is not in its first load. */
const manifest: Manifest = {
  'portal/index.html': { file: 'assets/portal.js', imports: ['_shared.js', '_react.js'] },
  '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/portal/pages/home-page.tsx': { file: 'assets/home.js', imports: ['_shared.js'] },
};
const sizes: Record<string, number> = {
  'assets/portal.js': 5_000,
  'assets/react.js': 60_000,
  'assets/shared.js': 40_000,
  'assets/home.js': 9_000,
};
const sizeOf = (file: string) => sizes[file]!;

describe('the first load of an entry', () => {
  it('counts the entry and its static imports, each once, and no lazy chunk', () => {
    expect(firstLoadBytes(manifest, 'portal/index.html', sizeOf)).toBe(105_000);
  });

  it('holds the members’ sign-in entry to 130 KB of gzip', () => {
    expect(entryBudgets['portal/index.html']).toBe(130 * 1024);
    const [within] = checkEntryWeights(manifest, sizeOf);
    expect(within).toMatchObject({ over: false, bytes: 105_000 });
    const [over] = checkEntryWeights(manifest, (file) => sizeOf(file) + 10_000);
    expect(over!.over).toBe(true);
    expect(over!.line).toContain('ACIMA DO ORÇAMENTO');
  });

  it('fails the build step when an entry is over its budget, and names a missing entry', () => {
    expect(() => checkEntryWeights(manifest, sizeOf, { 'ausente.html': 1 })).toThrow(
      'ausente.html não está no manifesto',
    );
    /** The command over a build whose sign-in entry is `kb` KB that gzip cannot shrink. */
    const run = (kb: number) => {
      const dist = mkdtempSync(join(tmpdir(), 'entry-weights-'));
      mkdirSync(join(dist, '.vite'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(
        join(dist, '.vite/manifest.json'),
        JSON.stringify({ 'portal/index.html': { file: 'assets/portal.js' } }),
      );
      writeFileSync(join(dist, 'assets/portal.js'), randomBytes(kb * 1024));
      try {
        const output = execFileSync(
          process.execPath,
          [join(import.meta.dirname, 'entry-weights.mjs'), '--dist', dist],
          { encoding: 'utf8' },
        );
        return { status: 0, output };
      } catch (error) {
        const failure = error as { status: number; stdout: string };
        return { status: failure.status, output: failure.stdout };
      } finally {
        rmSync(dist, { recursive: true, force: true });
      }
    };
    const within = run(100);
    expect(within.status).toBe(0);
    expect(within.output).toMatch(/^portal\/index\.html: 100\.\d KB gzip/);
    const over = run(135);
    expect(over.status).toBe(1);
    expect(over.output).toContain('ACIMA DO ORÇAMENTO');
  });
});
