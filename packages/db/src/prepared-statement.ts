import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

/** Builds a raw query's text once and runs it with these values for its placeholders. */
export type PreparedStatement<Params extends Record<string, unknown>, Row> = (
  db: Database,
  params: Params,
) => Promise<Row[]>;

/**
 * A raw query the server runs on every request of a hot path, written with `sql.placeholder`s
 * for its values. Its text is built once, on first use, and on PostgreSQL it runs as a named
 * statement: each connection parses it once, and PostgreSQL may keep its plan, where an unnamed
 * query is parsed and planned on every execution. For the portal's day of a court, planning
 * took three times as long as running it.
 *
 * `name` must be unique in the process and always name the same text (the driver keeps the
 * statement per connection by name), on PostgreSQL and the embedded database alike. Rows
 * come as the query writes them (no mapping of columns).
 */
export function preparedStatement<Params extends Record<string, unknown>, Row>(
  name: string,
  build: () => SQL,
): PreparedStatement<Params, Row> {
  let query: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return async (db, params) => {
    query ??= dialect.sqlToQuery(build());
    const result = (await db._.session
      .prepareQuery(query, undefined, name, false)
      .execute(params)) as { rows: Row[] };
    return result.rows;
  };
}
