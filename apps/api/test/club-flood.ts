/**
 * One club floods the server while another club's staff asks for its slots one request at a time:
 * the other club's latencies alone, then under the flood, measured over real connections (what
 * waits may be the server's reading of requests, not only its handlers). Shared by the flood tests
 * on the embedded database (club-flood.test.ts) and on PostgreSQL (with-postgres/).
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../src/app';
import { createBookingScene } from './factories';

/** A client of `connections` kept-alive connections; `get` answers the ms a 200 took. */
function client(base: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ ms: number; timing: string | undefined }>((resolve, reject) => {
      const started = performance.now();
      const sent = request(base + path, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve({
                ms: performance.now() - started,
                timing: response.headers['server-timing'] as string | undefined,
              })
            : reject(new Error(`${path}: ${response.statusCode}`)),
        );
      });
      sent.on('error', reject);
      sent.end();
    });
  return { get, close: () => agent.destroy() };
}

export const percentile = (samples: number[], fraction: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
};

/** A duration (ms) of a Server-Timing header (`pre`, `queue`, `turn`); 0 when absent. */
const durationOf = (timing: string | undefined, name: string) =>
  Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing ?? '')?.[1] ?? 0);

export type FloodMeasure = {
  unloaded: number[];
  loaded: number[];
  /** Time the other club's requests waited for their turn under the flood (with SERVER_TIMING). */
  loadedQueue: number[];
  floodAnswers: number;
  report: string;
};

/**
 * Listens on a free port, floods it from one club over `connections` connections and measures
 * `samples` requests of another club alone and then under the flood (after a warm-up).
 */
export async function measureClubFlood(
  app: App,
  { connections, samples }: { connections: number; samples: number },
): Promise<FloodMeasure> {
  const flooded = await createBookingScene(app);
  const other = await createBookingScene(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const flood = client(`http://127.0.0.1:${port}`, connections);
  const probe = client(`http://127.0.0.1:${port}`, 1);
  const slots = (scene: typeof flooded) => () =>
    (scene === other ? probe : flood).get(
      `/api/backoffice/appointment/${scene.place.id}/time-slots?date=${scene.day(3)}`,
      scene.headers,
    );
  const timesOf = async (count: number) => {
    const answers = [];
    for (let i = 0; i < count; i += 1) answers.push(await slots(other)());
    return answers;
  };
  try {
    await timesOf(20); // warm-up
    const unloaded = (await timesOf(samples)).map((answer) => answer.ms);

    let flooding = true;
    let floodAnswers = 0;
    const floods = Array.from({ length: connections }, async () => {
      while (flooding) {
        await slots(flooded)();
        floodAnswers += 1;
      }
    });
    // Every connection of the flood has been answered at least once: it is at full strength.
    while (floodAnswers < connections * 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const answers = await timesOf(samples);
    const answeredDuring = floodAnswers;
    flooding = false;
    await Promise.all(floods);
    const loaded = answers.map((answer) => answer.ms);
    const loadedQueue = answers.map((answer) => durationOf(answer.timing, 'queue'));
    const part = (name: string) => {
      const values = answers.map((answer) => durationOf(answer.timing, name));
      return `${name} ${percentile(values, 0.5).toFixed(1)}/${percentile(values, 0.99).toFixed(1)}`;
    };
    const report = `p99 ${percentile(loaded, 0.99).toFixed(1)} ms against ${percentile(unloaded, 0.99).toFixed(1)} ms unloaded (p50 ${percentile(loaded, 0.5).toFixed(1)} against ${percentile(unloaded, 0.5).toFixed(1)}; in the server p50/p99: ${part('pre')}, ${part('queue')}, ${part('turn')} ms), ${answeredDuring} flood answers`;
    return { unloaded, loaded, loadedQueue, floodAnswers, report };
  } finally {
    flood.close();
    probe.close();
  }
}
