// `npm run bench`: builds a large club, starts the built server against it and measures the
// routes staff feel most, over HTTP on loopback. A benchmark: it reports, it never asserts.
//   --scale 0.05       fraction of the full club (default 1: 200 places, 50 000 associates,
//                      1 000 000 appointments, 20 000 blocks)
//   --duration 10      seconds measured per route (after a warm-up)
//   --connections N    concurrent connections (default 32 on PostgreSQL, 8 on PGlite)
//   --keep-data        keep the generated database (to EXPLAIN against it, or to --reuse it)
//   --reuse            measure again the database the last --keep-data run kept (its bookings
//                      of the bench places are deleted first), skipping the generation
//   --scenario all     routes (each route under load, then the reports for one user as ratios to
//                      the slot list's p99 and a year's export streamed beside another club,
//                      bench/src/reports-rows.ts), rush (members of the portal rushing for
//                      the busy day's courts, bench/src/rush.ts) or all (both, one club); alone:
//                      search (the associates list's ratios) or invitations (health while the
//                      club's members are invited), bench/src/associates-and-invitations.ts;
//                      fairness (another club's p50/p99 while one club floods, against the same
//                      unloaded, as ratios; 64 connections by default), bench/src/fairness.ts
//   --members 2000     members in the rush (signed in through the portal before it starts)
//   --attempts 4       bookings each member sends at most (and courts each looks at)
//   --port 3900        the server's port (default: one at random in 3900–3989)
//   --label epyc       appended to the results file's name (runs of one day on two machines)
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDatabasePoolSize, defaultRequestConcurrency } from '@clube/api';
import { invitationsScenario, searchScenario } from './associates-and-invitations';
import { fairnessScenario } from './fairness';
import { hostSpeedLine, machineOf, measureHostSpeed, type HostSpeed } from './host-speed';
import { root } from './server';
import {
  connections,
  databaseUrl,
  driver,
  duration,
  log,
  port,
  scale,
  scenario,
  values,
} from './api-bench-options';
import { prepareDatabase } from './bench-database';
import { routesScenario } from './routes-scenario';
import { rushScenario } from './rush-scenario';

async function main() {
  const speed = await measureHostSpeed(databaseUrl);
  log(hostSpeedLine(speed));
  const prepared = await prepareDatabase();
  try {
    if (scenario === 'search' || scenario === 'invitations' || scenario === 'fairness') {
      const run =
        scenario === 'search'
          ? searchScenario
          : scenario === 'invitations'
            ? invitationsScenario
            : fairnessScenario;
      const results = await run({ ...prepared, port, connections, duration, log });
      writeResults(speed, { ...results, scenario });
      return;
    }
    const routes = scenario === 'rush' ? null : await routesScenario(prepared);
    // The routes' figures are kept even if the rush then fails.
    if (routes) writeResults(speed, { ...routes, scenario: 'routes' });
    const rush = scenario === 'routes' ? null : await rushScenario(prepared);
    if (rush) writeResults(speed, { ...routes, scenario, rush });
  } finally {
    await prepared.cleanup();
  }
}

function writeResults(speed: HostSpeed, results: { scenario: string } & Record<string, unknown>) {
  const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  const output = {
    date: new Date().toISOString(),
    commit,
    machine: machineOf(speed),
    database: driver,
    // The server's pool and how many requests it works on at once (DATABASE_POOL_SIZE and
    // REQUEST_CONCURRENCY pass through to it; otherwise the API's defaults).
    ...(driver === 'postgres'
      ? { poolSize: Number(process.env.DATABASE_POOL_SIZE ?? defaultDatabasePoolSize) }
      : {}),
    requestConcurrency: Number(process.env.REQUEST_CONCURRENCY ?? defaultRequestConcurrency),
    scale,
    ...results,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const suffix =
    (scenario === 'rush'
      ? `rush-n${values.members}`
      : scenario === 'invitations'
        ? 'invitations'
        : scenario === 'search' || scenario === 'fairness'
          ? `${scenario}-c${connections}`
          : `c${connections}`) + (values.label ? `-${values.label}` : '');
  const file = join(
    root,
    `bench/results/${output.date.slice(0, 10)}-${driver}-scale-${scale}-${suffix}.json`,
  );
  writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  log(`Resultados em ${file}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
