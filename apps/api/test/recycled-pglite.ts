/**
 * The migrated embedded databases of one test worker process, handed from a test file to the next.
 * Opening PGlite from the migrated dump costs about a second of CPU; emptying a database a file
 * is done with costs a tenth of that. Most test files share their worker process (see
 * ../vitest.config.ts), so a file's database, once it is dropped, is emptied and kept for the
 * next file, which then finds it as a freshly loaded one.
 *
 * "As a freshly loaded one" is checked, not assumed: a database is kept only when its catalog
 * (schemas, tables, columns, constraints, functions, triggers, roles, sequences, migrations,
 * session settings) is the same as a fresh one's. A file that left anything else behind (a
 * trigger of `withFailingTrigger` that a failure kept, a table or function it created) gets its
 * database closed, and the next file a fresh one.
 */
import {
  defaultPgliteSharedBuffersMb,
  handleOnPgliteThread,
  queryRows,
  startPgliteThread,
  type DatabaseHandle,
  type PgliteThread,
} from '@clube/db';
import { sql } from 'drizzle-orm';

/** Emptied databases waiting for the next file (a file may hold more than one at a time). */
const spare: PgliteThread[] = [];
const mostSpare = 2;
/** How many databases this process handed on and closed instead (read by its own test). */
export const recycling = { reused: 0, discarded: 0 };
/** What a fresh database's catalog looks like, taken on the first one this process opens. */
let freshCatalog: Promise<string> | undefined;

export async function openRecycledPglite(
  template: () => Buffer,
): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const recycled = spare.pop();
  if (recycled) recycling.reused += 1;
  const thread = recycled ?? (await openFresh(template));
  const database = handleOnPgliteThread(thread);
  let dropped = false;
  return {
    database,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await database.close();
      if (spare.length < mostSpare && (await emptiedAsFresh(thread))) spare.push(thread);
      else {
        recycling.discarded += 1;
        await thread.close();
      }
    },
  };
}

async function openFresh(template: () => Buffer): Promise<PgliteThread> {
  const thread = await startPgliteThread({
    dataDir: 'memory://',
    sharedBuffersMb: defaultPgliteSharedBuffersMb,
    loadDataDir: new Blob([template()]),
  });
  freshCatalog ??= withHandle(thread, catalogOf);
  await freshCatalog;
  return thread;
}

async function withHandle<T>(
  thread: PgliteThread,
  use: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = handleOnPgliteThread(thread);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/**
 * Resets the session (listens, advisory locks, temporary tables, settings), empties every table
 * but the migrations' journal and restarts the identities (every table of a freshly migrated
 * database is empty), and answers
 * whether the catalog is then a fresh database's.
 */
async function emptiedAsFresh(thread: PgliteThread): Promise<boolean> {
  try {
    await thread.resetSession();
    return await withHandle(thread, async (database) => {
      const { db } = database;
      const tables = await queryRows<{ name: string }>(
        db,
        sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`,
      );
      if (tables.length > 0)
        await db.execute(
          sql.raw(
            `truncate ${tables.map((table) => table.name).join(', ')} restart identity cascade`,
          ),
        );
      return (await catalogOf(database)) === (await freshCatalog);
    });
  } catch {
    return false;
  }
}

/** A digest of everything but the rows that a test could change in a database and leave behind. */
async function catalogOf({ db }: DatabaseHandle): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db,
    sql`select md5(string_agg(item, E'\n' order by item)) as digest from (
      select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' '
          || c.relpersistence::text as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
      union all
      select 'column ' || a.attrelid::regclass || '.' || a.attname || ' '
          || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' '
          || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attnum > 0 and not a.attisdropped
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
      union all
      select 'constraint ' || conrelid::regclass || ' ' || conname || ' '
          || pg_get_constraintdef(oid)
        from pg_constraint where connamespace not in
          ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
      union all
      select 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc)
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
      union all
      select 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text
        from pg_trigger where not tgisinternal
      union all
      select 'role ' || rolname from pg_roles
      union all
      select 'extension ' || extname || ' ' || extversion from pg_extension
      union all
      select 'setting ' || coalesce(array_to_string(setconfig, ','), '') from pg_db_role_setting
      union all
      select 'session ' || name || '=' || setting from pg_settings where source = 'session'
      union all
      select 'sequence ' || oid::regclass || ' ' || coalesce(pg_sequence_last_value(oid)::text, '')
        from pg_class where relkind = 'S'
      union all
      select 'migrations ' || count(*) from drizzle.__drizzle_migrations
    ) as catalog`,
  );
  if (!row) throw new Error('the catalog answered nothing');
  return row.digest;
}
