import type { Database, DatabaseDriver } from '@clube/db';
import type { Permission, StaffRole } from '@clube/shared';
import type { Config } from './config';
import type { ClubEventHub } from './lib/club-events';
import type { Metrics } from './lib/metrics';
import type { AfterResponse } from './lib/after-response';
import type { JobRunner } from './lib/jobs/runner';
import type { PushTransport } from './lib/push/transport';
import type { RateLimiter } from './lib/rate-limiter';
import type { AddressLimit } from './services/auth/login';
import type { FileStorage } from './lib/storage/file-storage';

/**
 * The staff member behind a request (resolved once per request): `roles` holds every club they
 * are staff of with their role there; `companyIds` the clubs where that role has the route's
 * permission — the only clubs the request may read or change (plugins/permissions.ts).
 */
export type Staff = {
  userId: string;
  companyIds: ReadonlySet<string>;
  roles: ReadonlyMap<string, StaffRole>;
  /** Administers the server: holds the server's permissions (creating clubs). */
  isServerAdmin: boolean;
};

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
    /** Small bodies, throttling before the body, bounded bodies in flight (plugins/anonymous-routes.ts). */
    guardAnonymousRoutes: (scope: FastifyInstance) => void;
    dbDriver: DatabaseDriver;
    rateLimiter: RateLimiter;
    storage: FileStorage;
    authenticate: (request: FastifyRequest) => Promise<void>;
    authenticateMember: (request: FastifyRequest) => Promise<void>;
    clubEvents: ClubEventHub;
    /** How to end each open event stream (all ended when the server closes). */
    clubEventStreams: Set<(closing?: boolean) => void>;
    /** API requests being worked on and waiting their turn (plugins/admission.ts). */
    admission: {
      readonly working: number;
      readonly waiting: number;
      /** Requests waiting their turn in each lane (portal, backoffice, public) that has any. */
      waitingByLane(): Map<string, number>;
      /** How long (ms) the request that has waited longest has waited; 0 when none waits. */
      oldestWait(): number;
      /** How long (ms) requests have waited while none got a turn; 0 when none waits. */
      stalledFor(): number;
      /** A request waiting longer than this (ms) is shed; a queue stalled this long is not ready. */
      readonly maxWaitMs: number;
    };
    /** The background work's runner (plugins/jobs.ts): messages, pushes, jobs, schedules. */
    jobs: JobRunner;
    /** Web Push to the members' devices (plugins/jobs.ts); undefined when it has no keys. */
    push: PushTransport | undefined;
    /** Work a request starts without waiting for it (lib/after-response.ts). */
    afterResponse: AfterResponse;
    /** The Prometheus registry and series (lib/metrics.ts); undefined without METRICS_PORT. */
    metrics: Metrics | undefined;
  }
  interface FastifyRequest {
    staff: Staff;
    /** Set by app.authenticate: the caller still uses a one-time password. */
    mustChangePassword: boolean;
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
    /**
     * The address's limit of attempts of this route's kind: an address over it answers 429
     * before its body is read (plugins/anonymous-routes.ts).
     */
    addressLimit?: (address: string) => AddressLimit;
    /**
     * What the caller's role must allow in the club; every /api/backoffice route declares one
     * (plugins/permissions.ts refuses to start otherwise).
     */
    permission?: Permission;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /**
     * `realm` says which API the token opens: staff → /api/backoffice, associate → /api/portal.
     * Tokens issued before realms existed carry none and are staff tokens. `ver` is the session
     * version of the account or membership when the token was issued: once it has moved on (the
     * sessions ended) the token opens nothing. Tokens issued before versions existed carry none,
     * read as 0, the version every account and membership started with.
     */
    payload: { sub: string; realm: 'staff' | 'associate'; ver: number };
    user: { sub: string; realm?: 'staff' | 'associate'; ver?: number };
  }
}
