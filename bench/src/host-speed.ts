// How fast the machine is, measured the same way before every run, so that figures taken on two
// machines (or on one machine that a neighbour slows down) can be told apart from a change in
// the code. Three numbers decide most of this product's budgets: how fast one core computes, what
// a small JSON answer over HTTP costs, and what one round trip to the database costs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openBenchDatabase, percentile } from './server';

export type HostSpeed = {
  /** Milliseconds for 10⁸ steps of an integer loop on one core, the best of three. */
  cpuMsPer100M: number;
  /**
   * Microseconds of CPU per request of a small HTTP exchange over the loopback (a 1.5 KB JSON
   * answer, like a member's slot list), server and client in this one process: the API's kind
   * of work. The loop's speed was found to differ between CPU makes far more than the API's work.
   */
  httpCpuUsPerRequest: number;
  /**
   * Microseconds per `select 1` on one PostgreSQL connection through the API's driver, the median
   * of 2 000 (null on PGlite, which runs in the process).
   */
  postgresRoundTripUs: number | null;
};

/**
 * The loop keeps its sum within 16 bits on purpose: a sum that grows past 2³¹ stops being a
 * small integer for V8 and the same loop becomes about five times slower after a second or so,
 * which reads as a machine slowing down when it is not.
 */
function cpuMsPer100M() {
  let best = Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    for (let i = 0; i < 1e8; i += 1) sum = (sum + (i % 7)) & 0xffff;
    best = Math.min(best, performance.now() - started);
  }
  // Read the sum so that the loop cannot be left out.
  return sum < 0 ? -1 : Math.round(best);
}

/** A plain Node HTTP server answering one JSON body, loaded by autocannon for 1.5 s. */
async function httpCpuUsPerRequest() {
  const slot = { time: '07:00', startsAt: new Date(0).toISOString(), state: 'free' };
  const body = JSON.stringify({ date: '2026-01-01', items: Array(15).fill(slot) });
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await autocannon({ url, connections: 8, duration: 0.5 });
    const before = process.cpuUsage();
    const result = await autocannon({ url, connections: 8, duration: 1.5 });
    const used = process.cpuUsage(before);
    return Math.round((used.user + used.system) / Math.max(1, result.requests.total));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function postgresRoundTripUs(url: string) {
  const database = await openBenchDatabase({ DATABASE_URL: url });
  try {
    for (let i = 0; i < 200; i += 1) await database.db.execute(sql`select 1`);
    const times: number[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const started = performance.now();
      await database.db.execute(sql`select 1`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return Math.round(percentile(times, 0.5) * 1000);
  } finally {
    await database.close();
  }
}

/** Measures the machine (before a benchmark starts, while it is as quiet as it will be). */
export async function measureHostSpeed(databaseUrl: string | undefined): Promise<HostSpeed> {
  return {
    cpuMsPer100M: cpuMsPer100M(),
    httpCpuUsPerRequest: await httpCpuUsPerRequest(),
    postgresRoundTripUs: databaseUrl ? await postgresRoundTripUs(databaseUrl) : null,
  };
}

/** The speed as a benchmark prints it, its first line. */
export const hostSpeedLine = (speed: HostSpeed) =>
  `Máquina: ${speed.cpuMsPer100M} ms por 10⁸ passos de um laço num núcleo, ` +
  `${speed.httpCpuUsPerRequest} µs de CPU por pedido HTTP pequeno` +
  (speed.postgresRoundTripUs === null
    ? ''
    : `, ${speed.postgresRoundTripUs} µs por ida e volta ao PostgreSQL (select 1)`);

/** The machine as a benchmark's result file records it, at the end of the run. */
export const machineOf = (speed: HostSpeed) => ({
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  // Other work on the machine skews every figure: keep the 1/5/15-minute load with them.
  loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
  // The same loop, HTTP exchange and round trip on every machine: figures of two machines
  // compare through them.
  speed,
});
