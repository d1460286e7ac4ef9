import type { Database, DatabaseDriver } from '@clube/db';
import type { Config } from './config';
import type { ClubEventHub } from './lib/club-events';
import type { RateLimiter } from './lib/rate-limiter';
import type { FileStorage } from './lib/storage/file-storage';

/** The staff member behind a request and the clubs they may touch (resolved once per request). */
export type Staff = { userId: string; companyIds: ReadonlySet<string> };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbDriver: DatabaseDriver;
    rateLimiter: RateLimiter;
    storage: FileStorage;
    authenticate: (request: FastifyRequest) => Promise<void>;
    clubEvents: ClubEventHub;
    /** How to end each open event stream (all ended when the server closes). */
    clubEventStreams: Set<(closing?: boolean) => void>;
  }
  interface FastifyRequest {
    staff: Staff;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string };
    user: { sub: string };
  }
}
