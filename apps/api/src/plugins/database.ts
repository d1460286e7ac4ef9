import type { DatabaseHandle } from '@clube/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createDatabaseRateLimiter, createRedisRateLimiter } from '../lib/rate-limiter';

/**
 * Makes the database (whichever driver is behind it) available as `app.db`, and the rate-limit
 * counters: in Redis when REDIS_URL is set, else in the database. Both are shared by every API
 * process.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
    app.decorate('db', options.database.db);
    app.decorate('dbDriver', options.database.driver);
    const redisUrl = app.config.redisUrl;
    if (redisUrl) {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
      await redis.connect();
      app.addHook('onClose', async () => {
        await redis.quit();
      });
      app.decorate('rateLimiter', createRedisRateLimiter(redis, app.config.redisPrefix));
    } else {
      app.decorate('rateLimiter', createDatabaseRateLimiter(options.database.db));
    }
  },
  { name: 'database' },
);
