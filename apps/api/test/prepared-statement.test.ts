import { preparedStatement, queryRows, withConnection } from '@clube/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './helper';

const database = useTestDatabase();

const numbersBetween = preparedStatement<{ from: number; to: number }, { n: number }>(
  'test_numbers_between',
  () =>
    sql`select n from generate_series(${sql.placeholder('from')}::int, ${sql.placeholder('to')}::int) as n`,
);

describe('preparedStatement', () => {
  it('answers the rows of the values it is given, each time, in a transaction too', async () => {
    const { db } = database.database;
    expect(await numbersBetween(db, { from: 1, to: 3 })).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await numbersBetween(db, { from: 7, to: 8 })).toEqual([{ n: 7 }, { n: 8 }]);
    const inTransaction = await db.transaction((tx) => numbersBetween(tx, { from: 5, to: 5 }));
    expect(inTransaction).toEqual([{ n: 5 }]);
  });

  it('is kept under its name on the connection that ran it, on both databases', async () => {
    const { db } = database.database;
    const kept = await withConnection(db, async (connection) => {
      await numbersBetween(connection, { from: 1, to: 2 });
      await numbersBetween(connection, { from: 3, to: 4 });
      return queryRows<{ name: string; statement: string }>(
        connection,
        sql`select name, statement from pg_prepared_statements where name = 'test_numbers_between'`,
      );
    });
    // The embedded database is reached through the same driver (docs/decisions/025).
    expect(kept).toHaveLength(1);
    expect(kept[0]!.statement).toContain('generate_series($1::int, $2::int)');
  });
});
