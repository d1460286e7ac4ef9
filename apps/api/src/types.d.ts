import type { Database, DatabaseDriver } from '@clube/db';
import type { Config } from './config';
import type { ClubEventHub } from './lib/club-events';
import type { AfterResponse } from './lib/after-response';
import type { OutboxSender } from './lib/mail/outbox-sender';
import type { RateLimiter } from './lib/rate-limiter';
import type { FileStorage } from './lib/storage/file-storage';

/** The staff member behind a request and the clubs they may touch (resolved once per request). */
export type Staff = { userId: string; companyIds: ReadonlySet<string> };

/** The club membership behind a members' portal request (resolved once per request). */
export type Member = {
  associateId: string;
  companyId: string;
  associateTitleId: string;
  isHolder: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbDriver: DatabaseDriver;
    rateLimiter: RateLimiter;
    storage: FileStorage;
    authenticate: (request: FastifyRequest) => Promise<void>;
    authenticateMember: (request: FastifyRequest) => Promise<void>;
    clubEvents: ClubEventHub;
    /** How to end each open event stream (all ended when the server closes). */
    clubEventStreams: Set<(closing?: boolean) => void>;
    /** API requests being worked on and waiting their turn (plugins/admission.ts). */
    admission: { readonly working: number; readonly waiting: number };
    /** The outbox's sender (plugins/outbox.ts): `wake` it after committing a message. */
    outbox: OutboxSender;
    /** Work a request starts without waiting for it (lib/after-response.ts). */
    afterResponse: AfterResponse;
  }
  interface FastifyRequest {
    staff: Staff;
    member: Member;
  }
  interface FastifyContextConfig {
    /** `exempt`: the route never waits in the admission queue (plugins/admission.ts). */
    admission?: 'exempt';
    /**
     * Requests of one key (say, one family's bookings) are worked on one after another, in the
     * turn the first of them was given (plugins/admission.ts).
     */
    admissionKey?: (request: FastifyRequest) => string | undefined;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /**
     * `realm` says which API the token opens: staff → /api/backoffice, associate → /api/portal.
     * Tokens issued before realms existed carry none and are staff tokens.
     */
    payload: { sub: string; realm: 'staff' | 'associate' };
    user: { sub: string; realm?: 'staff' | 'associate' };
  }
}
