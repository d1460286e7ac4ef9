import { rateLimitBuckets, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';

export type RateLimitHit = { count: number; retryAfterSeconds: number };

/**
 * Fixed-window counters shared by every API process. The database implementation is atomic
 * (one upsert per hit), so concurrent attempts are counted exactly.
 */
export type RateLimiter = {
  /** Counts one attempt under `key` and answers the count in the current window. */
  hit: (key: string, windowSeconds: number) => Promise<RateLimitHit>;
  /** Takes one attempt back (a login that succeeded does not count against anybody). */
  refund: (key: string) => Promise<void>;
  /** The count under `key` in the current window, counting nothing (0 once it ended). */
  peek: (key: string) => Promise<RateLimitHit>;
};

export function createDatabaseRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const window = sql`make_interval(secs => ${windowSeconds})`;
      const result = await db
        .insert(rateLimitBuckets)
        .values({ key, count: 1, resetAt: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            count: sql`case when ${rateLimitBuckets.resetAt} <= now() then 1 else ${rateLimitBuckets.count} + 1 end`,
            resetAt: sql`case when ${rateLimitBuckets.resetAt} <= now() then now() + ${window} else ${rateLimitBuckets.resetAt} end`,
          },
        })
        .returning({
          count: rateLimitBuckets.count,
          retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitBuckets.resetAt} - now())))::int`,
        });
      return result[0]!;
    },
    async refund(key) {
      await db
        .update(rateLimitBuckets)
        .set({ count: sql`greatest(0, ${rateLimitBuckets.count} - 1)` })
        .where(sql`${rateLimitBuckets.key} = ${key}`);
    },
    async peek(key) {
      const [row] = await db
        .select({
          count: rateLimitBuckets.count,
          retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitBuckets.resetAt} - now())))::int`,
        })
        .from(rateLimitBuckets)
        .where(sql`${rateLimitBuckets.key} = ${key} and ${rateLimitBuckets.resetAt} > now()`);
      return row ?? { count: 0, retryAfterSeconds: 0 };
    },
  };
}

// INCR and set the window's expiry atomically; answer the count and the seconds left.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
return {count, ttl}`;

const refundScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** The same counters in Redis (REDIS_URL), shared by every API process. */
export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(
        hitScript,
        1,
        `${prefix}rl:${key}`,
        windowSeconds,
      )) as [number, number];
      return { count, retryAfterSeconds: Math.max(1, ttl) };
    },
    async refund(key) {
      await redis.eval(refundScript, 1, `${prefix}rl:${key}`);
    },
    async peek(key) {
      const [[, count], [, ttl]] = (await redis
        .multi()
        .get(`${prefix}rl:${key}`)
        .ttl(`${prefix}rl:${key}`)
        .exec()) as [[null, string | null], [null, number]];
      return { count: Number(count ?? 0), retryAfterSeconds: Math.max(1, ttl) };
    },
  };
}
