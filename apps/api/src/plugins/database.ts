import type { DatabaseHandle } from '@clube/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabaseRateLimiter } from '../lib/rate-limiter';

/** Makes the database (whichever driver is behind it) available as `app.db`. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
    app.decorate('db', options.database.db);
    app.decorate('dbDriver', options.database.driver);
    app.decorate('rateLimiter', createDatabaseRateLimiter(options.database.db));
  },
  { name: 'database' },
);
