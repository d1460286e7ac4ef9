import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';

/**
 * Tables of counters the writes raise in place (the reports' versions and epochs, docs/decisions/
 * 039-report-kept-figures.md): a row's content changes with every booking of its day, so they are
 * compared by their key.
 */
const countersByKey: Record<string, string> = {
  report_place_versions: 'place_id, day',
  report_club_epochs: 'company_id',
};

/** Every table of the schema with the md5 of each of its rows (a backup's comparisons). */
export async function rowsByTable(db: Database) {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const rows = new Map<string, Set<string>>();
  for (const { name } of tables) {
    const hashes = await queryRows<{ hash: string }>(
      db,
      sql`select md5(${sql.raw(countersByKey[name] ? `row(${countersByKey[name]})` : 't')}::text)
        as hash from ${sql.identifier(name)} t`,
    );
    rows.set(name, new Set(hashes.map((row) => row.hash)));
  }
  return rows;
}

/**
 * For each table, the rows of `expected` that `actual` lacks (`missing`) and the rows of
 * `actual` that `allowed` lacks (`unknown`): a restored backup holds every row committed before
 * it began and none that was never committed.
 */
export function compareTables(
  expected: Map<string, Set<string>>,
  actual: Map<string, Set<string>>,
  allowed: Map<string, Set<string>>,
) {
  return [...expected.keys()].map((table) => {
    const rows = actual.get(table) ?? new Set<string>();
    return {
      table,
      missing: [...expected.get(table)!].filter((row) => !rows.has(row)).length,
      unknown: [...rows].filter((row) => !allowed.get(table)?.has(row)).length,
    };
  });
}

/**
 * A copy (under `folder`) of the migrations as an older version shipped them: the journal's
 * first `count` entries.
 */
export function olderMigrations(migrationsDir: string, folder: string, count: number): string {
  const copy = join(folder, `migrations-${count}`);
  cpSync(migrationsDir, copy, { recursive: true });
  const journalPath = join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}

/** How many migrations the journal of `migrationsDir` lists. */
export function migrationCount(migrationsDir: string): number {
  return (
    JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
}
