/**
 * Counts the round trips an app makes to its database: every statement the driver sends and
 * waits for, `BEGIN` and `COMMIT` included. On PGlite each statement ends with one Sync message
 * of the wire protocol (a prepared statement's parse, bind and execute travel together); on
 * PostgreSQL each is one `query` of a `pg` client (the pool's and `withConnection`'s alike).
 */
import type { DatabaseHandle } from '@clube/db';
import pg from 'pg';

type ProtocolClient = {
  execProtocolStream: (message: Uint8Array, options?: unknown) => Promise<unknown>;
};

/** The wire protocol's Sync: 'S' and a length of 4. */
const isSync = (message: Uint8Array) => message.length === 5 && message[0] === 0x53;

export type RoundTripCounter = {
  /** The round trips `work` made (nothing else may use the database meanwhile). */
  count: (work: () => Promise<unknown>) => Promise<number>;
  /** Stops counting and restores the driver. */
  restore: () => void;
};

export function countRoundTrips(database: DatabaseHandle): RoundTripCounter {
  let counting = false;
  let count = 0;
  let restore: () => void;
  if (database.driver === 'pglite') {
    const client = (database.db as unknown as { $client: ProtocolClient }).$client;
    const original = client.execProtocolStream;
    client.execProtocolStream = function (message, options) {
      if (counting && isSync(message)) count += 1;
      return original.call(this, message, options);
    };
    restore = () => {
      client.execProtocolStream = original;
    };
  } else {
    // Every pooled connection is a pg.Client; the process's LISTEN connection is idle meanwhile.
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    prototype.query = function (...args: unknown[]) {
      if (counting) count += 1;
      return original.apply(this, args);
    };
    restore = () => {
      prototype.query = original;
    };
  }
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
