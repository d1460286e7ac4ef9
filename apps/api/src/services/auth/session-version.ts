import { associates, queryRows, users, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';

/** Whose session: a staff account, or a club membership on the members' portal. */
export type SessionOwner = { userId: string } | { associateId: string };

/** The row holding an owner's session version: their staff account or their membership. */
const ownerRow = (owner: SessionOwner) =>
  'userId' in owner
    ? { table: users, id: owner.userId }
    : { table: associates, id: owner.associateId };

/**
 * Reads the session version of a staff account or membership and holds its row until the
 * transaction ends (`for no key update`: the lock an update of the version takes, which leaves
 * alone the foreign-key checks of bookings naming the row). Whatever changes the version takes
 * the same row first, so a refresh and the end of the sessions never interleave: the refresh
 * either ends before (and its new refresh token is revoked with the others) or reads the new
 * version after. The owner's row is always locked before any refresh token row, so the two
 * cannot deadlock. Undefined when the owner no longer exists.
 */
export async function lockSessionVersion(
  db: Database,
  options: SessionOwner,
): Promise<number | undefined> {
  const { table, id } = ownerRow(options);
  const [row] = await queryRows<{ sessionVersion: number }>(
    db,
    sql`select session_version as "sessionVersion" from ${table} where id = ${id}
      for no key update`,
  );
  return row?.sessionVersion;
}

/**
 * Moves the owner's session version on: every access token issued before it opens nothing on its
 * next request (the auth hooks compare it with the version the caller's record holds). Answers
 * the new version, to sign the access token of a session that goes on (a password change), or
 * undefined when the owner no longer exists.
 */
export async function advanceSessionVersion(
  db: Database,
  options: SessionOwner,
): Promise<number | undefined> {
  const { table, id } = ownerRow(options);
  const [row] = await queryRows<{ sessionVersion: number }>(
    db,
    sql`update ${table} set session_version = session_version + 1 where id = ${id}
      returning session_version as "sessionVersion"`,
  );
  return row?.sessionVersion;
}
