import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `[startsAt, endsAt)` of a row overlaps the closed `[range.startsAt, range.endsAt]`: a superset of
 * the exact overlap test, written so the range (gist) indexes can answer it — the exclusion
 * constraint's index for appointments, migration 0003's for blocked times. Without it PostgreSQL
 * walks every older row of the place (thousands on a busy place with years of history).
 */
export function overlapsPeriod(
  startsAt: AnyColumn,
  endsAt: AnyColumn,
  range: { startsAt?: Date; endsAt?: Date },
): SQL {
  // An inverted period overlaps nothing (and tstzrange would refuse it).
  if (range.startsAt && range.endsAt && range.startsAt > range.endsAt) return sql`false`;
  const bound = (instant: Date | undefined) =>
    instant ? sql`${instant.toISOString()}::timestamptz` : sql`null`;
  return overlapsBounds(startsAt, endsAt, bound(range.startsAt), bound(range.endsAt));
}

/** overlapsPeriod with the range's bounds as SQL (timestamptz values or placeholders, from ≤ to). */
export function overlapsBounds(startsAt: AnyColumn, endsAt: AnyColumn, from: SQL, to: SQL): SQL {
  return sql`tstzrange(${startsAt}, ${endsAt}, '[)') && tstzrange(${from}, ${to}, '[]')`;
}
