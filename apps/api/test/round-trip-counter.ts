/**
 * Counts the round trips an app makes to its database: every statement the driver sends and
 * waits for, `BEGIN` and `COMMIT` included, each one `query` of a `pg` client (the pool's and
 * `withConnection`'s alike, on PostgreSQL and on the embedded database).
 */
import pg from 'pg';

export type RoundTripCounter = {
  /** The round trips `work` made (nothing else may use the database meanwhile). */
  count: (work: () => Promise<unknown>) => Promise<number>;
  /** Stops counting and restores the driver. */
  restore: () => void;
};

export function countRoundTrips(): RoundTripCounter {
  let counting = false;
  let count = 0;
  // Every pooled connection is a pg.Client; a PostgreSQL LISTEN connection is idle meanwhile.
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (...args: unknown[]) {
    if (counting) count += 1;
    return original.apply(this, args);
  };
  const restore = () => {
    prototype.query = original;
  };
  return {
    count: async (work) => {
      count = 0;
      counting = true;
      try {
        await work();
      } finally {
        counting = false;
      }
      return count;
    },
    restore,
  };
}
