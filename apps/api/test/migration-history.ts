import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { loadConfig } from '../src/config';

/** The migrations folder the server applies. */
export const migrationsDir = loadConfig({}).migrationsDir;

/**
 * The migration history as it stood before migration `tag` (a copy of the folder whose journal
 * ends just before it), for a test that builds a database of an earlier version and then
 * migrates it forward with `migrationsDir`. Called in a test; the copy is removed when the test ends.
 */
export function historyBefore(tag: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'clube-migration-'));
  onTestFinished(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(migrationsDir, copy, { recursive: true });
  const journalPath = join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  if (end < 0) throw new Error(`no migration tagged ${tag}`);
  journal.entries = journal.entries.slice(0, end);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}
