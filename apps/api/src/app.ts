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
import { createMetrics } from './lib/metrics';
import { requestIdGenerator } from './lib/request-id';
import { clubEventsPlugin } from './plugins/club-events';
import { databasePlugin } from './plugins/database';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { jobsPlugin } from './plugins/jobs';
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
  /** Run the background work in this process (the server does; tests drive `app.jobs` themselves). */
  runJobs?: boolean;
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
    genReqId: requestIdGenerator(options.config.trustProxy),
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  // Answered on every response, errors included, so whoever sees a failure can quote it.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);
  // Prometheus metrics when METRICS_PORT is set; server.ts serves them on that port.
  const metrics = options.config.metrics ? createMetrics() : undefined;
  app.decorate('metrics', metrics);

  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(clubEventsPlugin, { database: options.database });
  await app.register(securityPlugin);
  await app.register(admissionPlugin, {
    limit: options.config.requestConcurrency,
    maxWaitMs: options.config.requestQueueMaxWaitMs,
    sendTimeoutMs: options.config.sendTimeoutMs,
    serverTiming: options.config.serverTiming,
    ...(metrics && {
      onTurn: (lane: string, waitedMs: number) =>
        metrics.admissionWait.observe({ lane }, waitedMs / 1000),
      onShed: (lane: string) => metrics.admissionShed.inc({ lane }),
    }),
  });
  await app.register(anonymousRoutesPlugin);
  if (metrics) await app.register(metricsPlugin, { metrics, database: options.database });
  await app.register(openApiPlugin);
  await app.register(authPlugin, { jwtSecret: options.jwtSecret });
  await app.register(storagePlugin);
  await app.register(jobsPlugin, {
    start: options.runJobs ?? false,
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
