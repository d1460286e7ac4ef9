import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pt } from './pt';

const sourceRoot = join(import.meta.dirname, '..', '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The keys of the texts a toast shows: `toast.x(t('key'…` and the fallback of an error toast. */
function toastKeys(): string[] {
  const keys = new Set<string>();
  const call =
    /toast\.(?:success|error|info|warning)\(\s*(?:errorMessageOf\([^,]+,\s*)?`?\$?\{?t\(\s*'([^']+)'/g;
  const ternary = /toast\.success\(\s*t\(\s*[^'(]*\?\s*'([^']+)'\s*:\s*'([^']+)'/g;
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) keys.add(match[1]!);
    for (const match of text.matchAll(ternary)) {
      keys.add(match[1]!);
      keys.add(match[2]!);
    }
  }
  return [...keys].sort();
}

function textsOf(key: string): string[] {
  const path = key.split('.');
  const last = path.pop()!;
  let section: unknown = pt;
  for (const part of path) section = (section as Record<string, unknown>)[part];
  const record = section as Record<string, unknown>;
  const texts = [record[last], record[`${last}_one`], record[`${last}_other`]].filter(
    (text): text is string => typeof text === 'string',
  );
  return texts;
}

describe('toasts', () => {
  const keys = toastKeys();

  it('are found in the screens (the scan still matches how toasts are written)', () => {
    expect(keys.length).toBeGreaterThan(30);
  });

  it.each(keys)('%s reads as one sentence: a capital or a name first, a full stop last', (key) => {
    const texts = textsOf(key);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toMatch(/^(?:[A-ZÀ-Ý]|\{\{|")/);
      expect(text).toMatch(/\.$/);
    }
  });
});
