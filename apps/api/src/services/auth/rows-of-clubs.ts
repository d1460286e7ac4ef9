import { placeImages, places, queryRows, schema, type Database } from '@clube/db';
import { getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable, PgUUID, type PgColumn } from 'drizzle-orm/pg-core';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every table whose rows belong to a club and are named by a uuid `id`, read once: a new table
 * of that shape is covered without a line here.
 */
const clubTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    return columns.companyId !== undefined && is(columns.id, PgUUID);
  });

/** The uuid-shaped strings among `values` (a request's params, query and body, one level deep). */
export function uuidsIn(...values: unknown[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string' && uuidPattern.test(value)) found.add(value.toLowerCase());
    else if (Array.isArray(value) && depth < 2) value.forEach((item) => visit(item, depth + 1));
    else if (value && typeof value === 'object' && depth < 2) {
      Object.values(value).forEach((item) => visit(item, depth + 1));
    }
  };
  values.forEach((value) => visit(value, 0));
  return [...found];
}

/**
 * Whether any of `ids` names a club of `companyIds` or a row of one (a place, a booking, a
 * photo…), in one statement. Read only when a request already failed with a 404, to tell a row
 * of a club where the caller's role lacks the permission (403) from one they cannot see (404).
 */
export async function isAnyRowOfClubs(
  db: Database,
  options: { ids: string[]; companyIds: string[] },
): Promise<boolean> {
  const { ids, companyIds } = options;
  if (ids.length === 0 || companyIds.length === 0) return false;
  if (ids.some((id) => companyIds.includes(id))) return true;
  const idList = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const clubList = sql`array[${sql.join(
    companyIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const selects: SQL[] = clubTables.map(
    (table) =>
      sql`select 1 from ${sql.identifier(getTableName(table))} where id = any(${idList}) and company_id = any(${clubList})`,
  );
  selects.push(
    sql`select 1 from ${placeImages} join ${places} on ${places.id} = ${placeImages.placeId}
      where ${placeImages.id} = any(${idList}) and ${places.companyId} = any(${clubList})`,
  );
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found where exists (${sql.join(selects, sql` union all `)})`,
  );
  return rows.length > 0;
}
