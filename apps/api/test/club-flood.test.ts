import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createBookingScene } from './factories';
import { build } from './helper';

// The embedded database, whichever database the suite runs on: what is tested is that its work
// runs off the API's thread. PostgreSQL's ratio is the benchmark's (docs/decisions/025).
const context = build({}, { embedded: true });

/** Floods are measured over real connections: what waits is the server's reading of requests. */
function client(base: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const sent = request(base + path, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${path}: ${response.statusCode}`)),
        );
      });
      sent.on('error', reject);
      sent.end();
    });
  return { get, close: () => agent.destroy() };
}

const percentile = (samples: number[], fraction: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
};

/** `count` requests one after another (ms each). */
async function timesOf(count: number, ask: () => Promise<number>) {
  const spent: number[] = [];
  for (let i = 0; i < count; i += 1) spent.push(await ask());
  return spent;
}

describe("one club's flood and another club's requests", () => {
  // With the embedded database on the API's thread another club's p50 rose 43 times here (p99 14
  // times; 16 to 100 in the benchmark) under a flood of 64 connections, its requests unread while
  // PGlite worked; on its own thread, 2 to 6 times. The median is held, loosely: the machine
  // running the tests is shared with the rest of the suite, which moves a p99 more than a median.
  const connections = 64;
  const bound = 15;
  const samples = 100;

  it("keeps another club's median within a few times its unloaded median while one club floods", async () => {
    const { app } = context;
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
    try {
      await timesOf(20, slots(other)); // warm-up
      const unloaded = await timesOf(samples, slots(other));

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
      const loaded = await timesOf(samples, slots(other));
      const answeredDuring = floodAnswers;
      flooding = false;
      await Promise.all(floods);

      const ratio = percentile(loaded, 0.5) / percentile(unloaded, 0.5);
      const report = `p99 ${percentile(loaded, 0.99).toFixed(1)} ms against ${percentile(unloaded, 0.99).toFixed(1)} ms unloaded (p50 ${percentile(loaded, 0.5).toFixed(1)} against ${percentile(unloaded, 0.5).toFixed(1)}), ${answeredDuring} flood answers`;
      console.log(report);
      expect(ratio, report).toBeLessThan(bound);
      // The flood was served meanwhile, not stalled by the other club's requests.
      expect(floodAnswers).toBeGreaterThan(connections * 2);
    } finally {
      flood.close();
      probe.close();
    }
    // Without the database on its own thread the flooded minute is long: room to see the ratio.
  }, 180_000);
});
