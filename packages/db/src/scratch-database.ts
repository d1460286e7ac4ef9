import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database on the server of `serverUrl` (named `<prefix>_<random>`), its name,
 * URL and how to drop it: what tests and benchmarks run against when DATABASE_URL is set. Empty,
 * or a copy of `template` (a database no one is connected to while it is copied).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropScratchDatabase(serverUrl, name) };
}

/** Drops a database of the server of `serverUrl`, closing its connections, if it exists. */
export async function dropScratchDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) =>
    client.query(`drop database if exists ${name} with (force)`),
  );
}

/** The names of the server's databases that start with `prefix` (for cleaning up after killed runs). */
export async function scratchDatabaseNames(serverUrl: string, prefix: string): Promise<string[]> {
  const result = await onServer(serverUrl, (client) =>
    client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1) order by datname`,
      [prefix],
    ),
  );
  return result.rows.map((row) => row.datname);
}

async function onServer<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
