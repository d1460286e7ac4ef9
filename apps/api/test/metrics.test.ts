import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { serveMetrics } from '../src/plugins/metrics';
import { createAssociate, createPortalScene, memberHeaders, memberPassword } from './factories';
import { build, createTestApp } from './helper';

/**
 * What an operator's Prometheus reads from each process (METRICS_PORT): the series named in
 * deploy/README.md ("Metrics"), scraped over HTTP from their own port after real requests.
 */
describe('metrics', () => {
  const context = build({ metrics: { port: 0, host: '127.0.0.1' } });

  /** The scrape's samples: `name{labels}` → value. */
  async function scrape() {
    const server = await serveMetrics(context.app.metrics!, { port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(server.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const samples = new Map<string, number>();
      for (const line of (await response.text()).split('\n')) {
        const match = /^([a-z_:][a-z0-9_:]*(?:\{[^}]*\})?) (\S+)$/i.exec(line);
        if (match) samples.set(match[1]!, Number(match[2]));
      }
      return samples;
    } finally {
      await server.close();
    }
  }

  it('counts requests per route, admission waits per lane, streams, the outbox and the process', async () => {
    const { app, db } = context;
    const scene = await createPortalScene(app);
    // A member with an e-mail books in the portal: a confirmation waits in the outbox (this app
    // does not send).
    const member = await createAssociate(db, scene.company.id, {
      email: 'socio@example.com',
      password: memberPassword,
    });
    const booking = await app.inject({
      method: 'POST',
      url: '/api/portal/bookings',
      headers: await memberHeaders(app, member),
      payload: { placeId: scene.place.id, startsAt: scene.at(scene.day(2), '10:00').toISOString() },
    });
    expect(booking.statusCode).toBe(201);
    const list = await app.inject({
      method: 'GET',
      url: `/api/backoffice/place/company/${scene.company.id}`,
      headers: scene.staffHeaders,
    });
    expect(list.statusCode).toBe(200);

    const samples = await scrape();
    const value = (series: string) => {
      expect([...samples.keys()]).toContain(series);
      return samples.get(series)!;
    };
    expect(
      value(
        'clube_http_request_duration_seconds_count{method="POST",route="/api/portal/bookings",status="201"}',
      ),
    ).toBe(1);
    expect(
      value(
        'clube_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/portal/bookings",status="201"}',
      ),
    ).toBe(1);
    expect(value('clube_admission_wait_seconds_count{lane="portal"}')).toBeGreaterThanOrEqual(1);
    expect(value('clube_admission_wait_seconds_count{lane="backoffice"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(value('clube_admission_wait_seconds_count{lane="public"}')).toBeGreaterThanOrEqual(1);
    for (const lane of ['portal', 'backoffice', 'public']) {
      expect(value(`clube_admission_waiting{lane="${lane}"}`)).toBe(0);
      expect(value(`clube_admission_shed_total{lane="${lane}"}`)).toBe(0);
    }
    expect(value('clube_admission_working')).toBe(0);
    expect(value('clube_live_streams')).toBe(0);
    expect(value('clube_outbox_messages{state="pending"}')).toBeGreaterThanOrEqual(1);
    expect(value('clube_outbox_messages{state="retrying"}')).toBe(0);
    expect(value('clube_outbox_messages{state="failed"}')).toBe(0);
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(samples.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(samples.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    if (context.database.driver === 'postgres') {
      expect(value('clube_database_connections{state="max"}')).toBeGreaterThan(0);
      expect(value('clube_database_connections{state="open"}')).toBeGreaterThan(0);
      expect(samples.has('clube_database_connections{state="waiting"}')).toBe(true);
    }
  });

  it('counts the background jobs by name: the queue, those running, retrying and failed', async () => {
    const { db } = context;
    await db.execute(sql`
      insert into jobs (name, status, attempts, locked_until, finished_at) values
        ('metrics-test', 'pending', 0, null, null),
        ('metrics-test', 'pending', 0, null, null),
        ('metrics-test', 'pending', 1, now() + interval '1 minute', null),
        ('metrics-test', 'pending', 2, null, null),
        ('metrics-test', 'failed', 5, null, now()),
        ('metrics-test', 'failed', 5, null, now() - interval '2 days'),
        ('metrics-test', 'done', 1, null, now())`);
    let samples = await scrape();
    const job = (state: string) => samples.get(`clube_jobs{name="metrics-test",state="${state}"}`);
    expect(job('pending')).toBe(3);
    expect(job('running')).toBe(1);
    expect(job('retrying')).toBe(1);
    expect(job('failed')).toBe(1); // given up in the last 24 h
    await db.execute(sql`delete from jobs where name = 'metrics-test'`);
    // A job name keeps its series, at 0, once its queue is empty.
    samples = await scrape();
    expect(job('pending')).toBe(0);
    expect(job('failed')).toBe(0);
  });

  it('counts a request to an unknown route under one series, not its URL', async () => {
    await context.app.inject({ method: 'GET', url: '/api/nothing-here/123' });
    const samples = await scrape();
    expect(
      samples.get(
        'clube_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect([...samples.keys()].some((series) => series.includes('nothing-here'))).toBe(false);
  });

  it('is not served on the API port', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.body).not.toContain('clube_http_request_duration_seconds');
  });
});

describe('metrics switched off', () => {
  it('without METRICS_PORT the app has no registry', async () => {
    const test = await createTestApp();
    try {
      expect(test.app.metrics).toBeUndefined();
    } finally {
      await test.close();
    }
  });

  it('refuses METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
  });
});
