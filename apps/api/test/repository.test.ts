import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repositoryRoot = join(import.meta.dirname, '../../..');

/** Tracked files plus new ones not ignored yet, so a citation is caught before its commit. */
function repositoryFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter((path) => path !== '' && !path.split('/').includes('node_modules'));
  } catch {
    throw new Error('git ls-files failed: this test runs in a git checkout of the repository');
  }
}

/**
 * Documents that live outside this repository. The strings are assembled so that this file does
 * not cite them itself; the rules they held are in docs/domain.md.
 */
const forbidden = [
  ...['SPEC', 'DESIGN', 'STYLE', 'STACK-NOTES'].map((name) => `${name}.md`),
  ...['SPEC', 'DESIGN'].map((name) => `${name} §`),
  `..${'/'}shared/`,
];

const files = repositoryFiles();

describe('the repository explains itself', () => {
  it('cites no document kept outside it (the domain lives in docs/domain.md)', () => {
    const citations: string[] = [];
    for (const path of files) {
      const absolute = join(repositoryRoot, path);
      if (!existsSync(absolute) || !statSync(absolute).isFile()) continue;
      const bytes = readFileSync(absolute);
      if (bytes.includes(0)) continue; // binary
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          const found = forbidden.filter((text) => line.includes(text));
          if (found.length > 0) citations.push(`${path}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(citations).toEqual([]);
  });
});
