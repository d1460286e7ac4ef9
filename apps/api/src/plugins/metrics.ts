import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseHandle } from '@clube/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { admissionLanes, type Metrics } from '../lib/metrics';
import { countJobs } from '../services/maintenance/count-jobs';
import { countOutbox } from '../services/maintenance/count-outbox';

/** Failed messages and jobs are counted over this window (an alert watches it grow). */
const failedWindowMs = 24 * 60 * 60_000;

const jobStates = ['pending', 'running', 'retrying', 'failed'] as const;

/**
 * Prometheus metrics of this process (METRICS_PORT): every answered request timed by its route
 * as declared (`/api/portal/places/:id`, never the raw URL, so the series stay few), and at each
 * scrape the admission queue's depth per lane, the database pool, the open live streams, the
 * outbox and the background jobs. The series' names are listed in deploy/README.md ("Metrics").
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { metrics: Metrics; database: DatabaseHandle }) => {
    const { metrics, database } = options;
    const registers = [metrics.registry];

    app.addHook('onResponse', async (request, reply) => {
      metrics.requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    new Gauge({
      name: 'clube_admission_waiting',
      help: 'API requests waiting for their turn now, by lane.',
      labelNames: ['lane'] as const,
      registers,
      collect() {
        const waiting = app.admission.waitingByLane();
        for (const lane of new Set([...admissionLanes, ...waiting.keys()]))
          this.set({ lane }, waiting.get(lane) ?? 0);
      },
    });
    new Gauge({
      name: 'clube_admission_working',
      help: 'API requests being worked on now (at most REQUEST_CONCURRENCY).',
      registers,
      collect() {
        this.set(app.admission.working);
      },
    });
    new Gauge({
      name: 'clube_live_streams',
      help: 'Live event streams (day sheets, portal pages) open on this process.',
      registers,
      collect() {
        this.set(app.clubEventStreams.size);
      },
    });
    const connections = database.connections;
    if (connections) {
      new Gauge({
        name: 'clube_database_connections',
        help: 'PostgreSQL pool of this process: open, idle, max, and waiting (queries waiting for a connection).',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const pool = connections();
          for (const state of ['open', 'idle', 'waiting', 'max'] as const)
            this.set({ state }, pool[state]);
        },
      });
    }
    new Gauge({
      name: 'clube_outbox_messages',
      help: 'Outbox messages (shared by every process): pending, retrying (pending after a failure), failed (given up, created in the last 24 h).',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        try {
          const counts = await countOutbox(app.db, {
            failedSince: new Date(Date.now() - failedWindowMs),
          });
          for (const state of ['pending', 'retrying', 'failed'] as const)
            this.set({ state }, counts[state]);
        } catch (error) {
          // The rest of the scrape still answers; the database's own failure shows elsewhere.
          app.log.warn({ err: error }, 'metrics: the outbox could not be counted');
        }
      },
    });
    // A job name seen once keeps its series (at 0) when none of its jobs is left.
    const jobNames = new Set<string>();
    new Gauge({
      name: 'clube_jobs',
      help: 'Background jobs (shared by every process), by job name: pending (the queue), running (held by a runner now), retrying (pending after a failure), failed (given up, in the last 24 h).',
      labelNames: ['name', 'state'] as const,
      registers,
      async collect() {
        try {
          const counts = await countJobs(app.db, {
            failedSince: new Date(Date.now() - failedWindowMs),
          });
          const byName = new Map(counts.map((row) => [row.name, row]));
          for (const { name } of counts) jobNames.add(name);
          for (const name of jobNames)
            for (const state of jobStates)
              this.set({ name, state }, byName.get(name)?.[state] ?? 0);
        } catch (error) {
          app.log.warn({ err: error }, 'metrics: the background jobs could not be counted');
        }
      },
    });
  },
  { name: 'metrics', dependencies: ['database', 'club-events', 'admission'] },
);

/**
 * Serves GET /metrics of the app's registry on its own port, apart from the API: nginx never
 * proxies it, and it listens on 127.0.0.1 unless METRICS_HOST says otherwise.
 */
export async function serveMetrics(
  metrics: Metrics,
  address: { port: number; host: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${address.host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
