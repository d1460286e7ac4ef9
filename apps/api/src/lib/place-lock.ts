import type { Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Serialises, until the end of the current transaction, every change that must see a place's
 * bookings and blocks as they are: bookings and blocked times of one place take this same lock.
 * The key scheme (`hashtext('place:' || placeId)`) is shared by every caller; change it in one
 * place only. Lock several places in a stable order (sorted ids) to avoid deadlocks.
 */
export async function lockPlace(tx: Database, placeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${placeLockKey(placeId)})`);
}

/** The advisory-lock key of a place (SQL: a value or a placeholder of its id). */
export const placeLockKey = (placeId: unknown): SQL => sql`hashtext('place:' || ${placeId}::text)`;

/** The advisory-lock key of a membership title, which serialises the title's bookings. */
export const titleLockKey = (titleId: unknown): SQL => sql`hashtext('title:' || ${titleId}::text)`;

/**
 * A booking's two locks in one round trip: the place's (the same key as lockPlace), then the
 * membership title's, which serialises the title's bookings (quota, same-day and previous-day
 * rules). A select list is evaluated left to right, so the order is always place, then title.
 */
export async function lockPlaceAndTitle(
  tx: Database,
  placeId: string,
  titleId: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${placeLockKey(placeId)}),
      pg_advisory_xact_lock(${titleLockKey(titleId)})`,
  );
}
