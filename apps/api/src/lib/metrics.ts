import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The lanes of the admission queue (plugins/admission.ts), each reported even while empty. */
export const admissionLanes = ['portal', 'backoffice', 'public'] as const;

/**
 * The registry of one API process and the series that are observed as things happen (a request
 * answered, a turn given). Series read when Prometheus scrapes (queue depth, pool, streams,
 * outbox) are added by plugins/metrics.ts. One registry per app, not prom-client's global one:
 * tests build several apps in one process.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process memory, CPU, handles, heap, GC and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requestDuration = new Histogram({
    name: 'clube_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method, route (as declared) and status; its _count gives the request rate.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const admissionWait = new Histogram({
    name: 'clube_admission_wait_seconds',
    help: 'How long API requests waited for their turn, by lane of the admission queue.',
    labelNames: ['lane'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const admissionShed = new Counter({
    name: 'clube_admission_shed_total',
    help: 'API requests answered 503 ServerBusy instead of getting a turn (queue full or waited too long), by lane.',
    labelNames: ['lane'] as const,
    registers: [registry],
  });
  for (const lane of admissionLanes) {
    admissionWait.zero({ lane });
    admissionShed.inc({ lane }, 0);
  }
  return { registry, requestDuration, admissionWait, admissionShed };
}

export type Metrics = ReturnType<typeof createMetrics>;
