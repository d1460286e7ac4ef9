import type { DatabaseHandle } from '@clube/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config, TrustProxy, VapidKeys } from './config';
import { admissionPlugin } from './plugins/admission';
import { anonymousRoutesPlugin } from './plugins/anonymous-routes';
import { authPlugin } from './plugins/auth';
import { clubEventsPlugin } from './plugins/club-events';
import { databasePlugin } from './plugins/database';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { outboxPlugin } from './plugins/outbox';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { storagePlugin } from './plugins/storage';
import { authRoutes } from './routes/auth';
import { backofficeRoutes } from './routes/backoffice';
import { healthRoutes } from './routes/health';
import { portalRoutes } from './routes/portal';
import { uploadRoutes } from './routes/uploads';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Work the outbox in this process (the server does; tests drive `app.outbox` themselves). */
  sendMessages?: boolean;
  /** Web Push keys (`resolveVapidKeys`); absent: `config.vapidKeys`, or no push at all. */
  vapidKeys?: VapidKeys;
};

/**
 * Fastify trusts nothing for a bare number (it cannot tell a proxy from a direct client), so a hop
 * count becomes the rule "the socket peer and the next hops - 1 entries from the right are
 * proxies": the client address is the entry the outermost proxy appended, never one the client
 * wrote further left.
 */
function fastifyTrustProxy(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy === 'number') {
    return (_address: string, hop: number) => hop < trustProxy;
  }
  return trustProxy;
}

/** Builds the whole API (and the SPA it serves) without listening: tests use `app.inject`. */
export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);

  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(clubEventsPlugin, { database: options.database });
  await app.register(securityPlugin);
  await app.register(admissionPlugin, {
    limit: options.config.requestConcurrency,
    maxWaitMs: options.config.requestQueueMaxWaitMs,
    sendTimeoutMs: options.config.sendTimeoutMs,
    serverTiming: options.config.serverTiming,
  });
  await app.register(anonymousRoutesPlugin);
  await app.register(openApiPlugin);
  await app.register(authPlugin, { jwtSecret: options.jwtSecret });
  await app.register(storagePlugin);
  await app.register(outboxPlugin, {
    start: options.sendMessages ?? false,
    vapidKeys: options.vapidKeys ?? options.config.vapidKeys,
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(backofficeRoutes, { prefix: '/api/backoffice' });
  await app.register(portalRoutes, { prefix: '/api/portal' });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(spaPlugin);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
