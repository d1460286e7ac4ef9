// `npm run bench`: builds a large club, starts the built server against it and measures the
// routes staff feel most, over HTTP on loopback. A benchmark: it reports, it never asserts.
//   --scale 0.05       fraction of the full club (default 1: 200 places, 50 000 associates,
//                      1 000 000 appointments, 20 000 blocks)
//   --duration 10      seconds measured per route (after a warm-up)
//   --connections N    concurrent connections (default 32 on PostgreSQL, 8 on PGlite)
//   --keep-data        keep the generated database (to EXPLAIN against it, or to --reuse it)
//   --reuse            measure again the database the last --keep-data run kept (its bookings
//                      of the bench places are deleted first), skipping the generation
//   --scenario all     routes (each route under load), rush (members of the portal rushing for
//                      the busy day's courts, bench/src/rush.ts) or all (both, one club); alone:
//                      search (the associates list's ratios) or invitations (health while the
//                      club's members are invited), bench/src/associates-and-invitations.ts;
//                      fairness (another club's p50/p99 while one club floods, against the same
//                      unloaded, as ratios; 64 connections by default), bench/src/fairness.ts
//   --members 2000     members in the rush (signed in through the portal before it starts)
//   --attempts 4       bookings each member sends at most (and courts each looks at)
//   --port 3900        the server's port (default: one at random in 3900–3989)
//   --label epyc       appended to the results file's name (runs of one day on two machines)
// DATABASE_URL set: a fresh database next to it (created and dropped); otherwise PGlite.
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createScratchDatabase, openDatabase } from '@clube/db';
import { defaultDatabasePoolSize, defaultRequestConcurrency } from '@clube/api';
import { clubInstant, timeOfMinutes } from '@clube/shared';
import {
  benchPlaceSlotsPerDay,
  fullSizes,
  generateLargeClub,
  largeClubStaff,
  scaledSizes,
  timezone,
  type LargeClub,
} from './generate-large-club';
import { invitationsScenario, searchScenario } from './associates-and-invitations';
import { fairnessScenario } from './fairness';
import {
  clearBenchBookings,
  prepareRush,
  runRush,
  signInMembers,
  verifyRush,
  type RushInvariants,
  type RushResult,
} from './rush';
import { hostSpeedLine, machineOf, measureHostSpeed, type HostSpeed } from './host-speed';
import {
  benchJwtSecret,
  cpuSecondsOf,
  memoryOf,
  openBenchDatabase,
  root,
  signIn,
  startServer,
  stopServer,
} from './server';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    scenario: { type: 'string', default: 'all' },
    label: { type: 'string' },
    members: { type: 'string', default: '2000' },
    attempts: { type: 'string', default: '4' },
    port: { type: 'string' },
  },
});
const scenario = values.scenario;
const scenarios = ['all', 'routes', 'rush', 'search', 'invitations', 'fairness'];
if (!scenarios.includes(scenario))
  throw new Error(`--scenario: ${scenarios.join(', ')} (não ${scenario})`);
const port = Number(values.port ?? 3900 + Math.floor(Math.random() * 90));
const scale = Number(values.scale);
const duration = Number(values.duration);
const databaseUrl = process.env.DATABASE_URL;
const driver = databaseUrl ? 'postgres' : 'pglite';
const connections = Number(
  values.connections ?? (scenario === 'fairness' ? 64 : databaseUrl ? 32 : 8),
);
const log = (line: string) => process.stdout.write(`${line}\n`);

type Row = {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratioToHealth: number | null;
  errors: number;
  non2xx: number;
};

type Prepared = { env: Record<string, string>; club: LargeClub; cleanup: () => Promise<void> };
const keptFile = join(tmpdir(), `clube-bench-kept-${driver}.json`);

/** Records what --reuse needs when the generated database is kept. */
function keep(prepared: Omit<Prepared, 'cleanup'>) {
  if (values['keep-data']) writeFileSync(keptFile, JSON.stringify(prepared));
}

async function reuseDatabase(): Promise<Prepared> {
  const kept = JSON.parse(readFileSync(keptFile, 'utf8')) as Omit<Prepared, 'cleanup'>;
  const database = await openBenchDatabase(kept.env);
  await clearBenchBookings(database.db, kept.club);
  // The last run's logins filled the throttle's counters: a new run would be refused (429).
  await database.db.execute(sql`delete from rate_limit_buckets`);
  await database.close();
  log(`Reutilizando ${kept.env.DATABASE_URL ?? kept.env.DATA_DIR} (reservas de bancada apagadas)`);
  return { ...kept, cleanup: async () => {} };
}

async function prepareDatabase(): Promise<Prepared> {
  if (values.reuse) return reuseDatabase();
  const scaled = scale === 1 ? fullSizes : scaledSizes(scale);
  // The invitations measure the members: the club's years of bookings and blocks only make the
  // generation long (the smallest of each is kept).
  const sizes =
    scenario === 'invitations'
      ? {
          ...scaled,
          appointments: scaledSizes(0).appointments,
          blockedTimes: scaledSizes(0).blockedTimes,
        }
      : scaled;
  log(`Gerando clube grande (${driver}, escala ${scale}): ${JSON.stringify(sizes)}`);
  const started = performance.now();
  if (databaseUrl) {
    const { url, drop } = await createScratchDatabase(databaseUrl, 'clube_bench');
    const database = await openDatabase({ driver: 'postgres', url, poolSize: 4 });
    await database.migrate(join(root, 'packages/db/drizzle'));
    const club = await generateLargeClub(database.db, sizes, log);
    await database.close();
    log(`Geração: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const env = { DATABASE_URL: url, JWT_SECRET: benchJwtSecret };
    keep({ env, club });
    return {
      env,
      club,
      cleanup: async () => {
        if (values['keep-data']) {
          log(`Banco mantido: ${url}`);
          return;
        }
        await drop();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'clube-bench-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
  await database.migrate(join(root, 'packages/db/drizzle'));
  const club = await generateLargeClub(database.db, sizes, log);
  await database.close();
  log(`Geração: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  keep({ env, club });
  return {
    env,
    club,
    cleanup: async () => {
      if (values['keep-data']) {
        log(`Dados mantidos em ${dataDir}`);
        return;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(
  title: string,
  options: autocannon.Options,
): Promise<Row & { result: autocannon.Result }> {
  await autocannon({ ...options, duration: Math.min(2, duration) }); // warm-up
  const result = await autocannon(options);
  log(`  ${title}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
  return {
    route: title,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ratioToHealth: null,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    result,
  };
}

/** Each route under load, one after the other, on one server. */
async function routesScenario({ env, club }: Prepared) {
  const server = await startServer(env, port);
  const { base, startupMs } = server;
  try {
    const idle = memoryOf(server.process.pid!);
    const token = await signIn(base, '/api/auth/login', largeClubStaff);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const get = (path: string): autocannon.Options => ({
      url: base + path,
      connections,
      duration,
      headers,
    });

    const week = { start: clubInstant(club.busyDate, '00:00', timezone), days: 7 };
    const weekEnd = new Date(week.start.getTime() + week.days * 86_400_000);
    const nextDay = new Date(new Date(`${club.busyDate}T12:00:00Z`).getTime() + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const search = (term: string) =>
      `/api/backoffice/associate/findAllPaginated?companyId=${club.companyId}&take=10&skip=0&search=${encodeURIComponent(term)}`;
    const firstName = club.sample.name.split(' ')[0]!;
    const unaccented = firstName
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();

    log(`Medindo (${connections} conexões, ${duration} s por rota)…`);
    const rows = [
      await measure('GET /api/health', get('/api/health')),
      await measure(
        'time slots (lugar movimentado, sábado)',
        get(`/api/backoffice/appointment/${club.busyPlaceId}/time-slots?date=${club.busyDate}`),
      ),
      await measure(
        'agendamentos do dia de um lugar',
        get(
          `/api/backoffice/appointment?placeId=${club.busyPlaceId}&fromDate=${club.busyDate}&toDate=${nextDay}&status=SCHEDULED`,
        ),
      ),
      await measure(
        'bloqueios da semana (clube)',
        get(
          `/api/backoffice/blocked-time/findAll?companyId=${club.companyId}&startTime=${week.start.toISOString()}&endTime=${weekEnd.toISOString()}`,
        ),
      ),
      // The front desk's day sheet: every place of the club, one user (budget: p99 within 14 ×
      // health's, docs/performance.md).
      await measure('quadro do dia (200 lugares, 1 usuário)', {
        ...get(`/api/backoffice/day-sheet?companyId=${club.companyId}&date=${club.busyDate}`),
        connections: 1,
      }),
      // The audit trail's page for one user against the slot list's for one user, in this run:
      // the trail's p99 must stay within 5× the list's (a ratio; docs/performance.md).
      await measure('time slots (1 usuário)', {
        ...get(`/api/backoffice/appointment/${club.busyPlaceId}/time-slots?date=${club.busyDate}`),
        connections: 1,
      }),
      await measure('auditoria: primeira página (1 usuário)', {
        ...get(`/api/backoffice/audit?companyId=${club.companyId}&take=50`),
        connections: 1,
      }),
      await measure('auditoria: histórico do lugar movimentado (1 usuário)', {
        ...get(
          `/api/backoffice/audit?companyId=${club.companyId}&placeId=${club.busyPlaceId}&take=50`,
        ),
        connections: 1,
      }),
      await measure('auditoria: cancelamentos de um mês (1 usuário)', {
        ...get(
          `/api/backoffice/audit?companyId=${club.companyId}&action=appointment.cancel&from=${club.busyDate.slice(0, 8)}01&to=${club.busyDate}&take=50`,
        ),
        connections: 1,
      }),
      await measure(
        `associados: prefixo do nome ("${firstName.slice(0, 4)}")`,
        get(search(firstName.slice(0, 4))),
      ),
      await measure(`associados: nome sem acento ("${unaccented}")`, get(search(unaccented))),
      await measure('associados: cpf', get(search(club.sample.cpf))),
      await measure('associados: carteirinha', get(search(club.sample.cardId))),
      await measure(
        'associados: página 200 de 500',
        get(
          `/api/backoffice/associate/findAllPaginated?companyId=${club.companyId}&take=100&skip=19900`,
        ),
      ),
    ];

    // Bookings on distinct free slots of the bench places, each with every rule checked.
    const bodies: string[] = [];
    for (let day = 1; day <= 28 && bodies.length < 60_000; day += 1) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      // Hour by hour across the places: concurrent bookings spread over the places as staff's
      // would. (Place by place, 32 connections would queue on one place's lock: bookings of one
      // place are serialised by design.)
      for (let hour = 8; hour < 21; hour += 1) {
        for (const placeId of club.benchPlaceIds) {
          const associate = club.associates[bodies.length % club.associates.length]!;
          const startsAt = clubInstant(date, timeOfMinutes(hour * 60), timezone);
          bodies.push(
            JSON.stringify({
              associateId: associate.id,
              cardId: associate.cardId,
              placeId,
              startsAt: startsAt.toISOString(),
              endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
            }),
          );
        }
      }
    }
    let next = 0;
    const booking = await autocannon({
      url: `${base}/api/backoffice/appointment`,
      method: 'POST',
      connections,
      duration,
      headers,
      amount: bodies.length,
      requests: [
        { setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) },
      ],
    });
    rows.push({
      route: `POST appointment (horários livres distintos, ${next} tentativas)`,
      requestsPerSecond: booking.requests.average,
      p50: booking.latency.p50,
      p99: booking.latency.p99,
      ratioToHealth: null,
      errors: booking.errors + booking.timeouts,
      non2xx: booking.non2xx,
      result: booking,
    });

    const login = await measure('POST /api/auth/login (limitado pelo argon2, à parte)', {
      url: `${base}/api/auth/login`,
      method: 'POST',
      connections: Math.min(connections, 2),
      duration,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(largeClubStaff),
    });

    const health = rows[0]!.requestsPerSecond;
    for (const row of rows) row.ratioToHealth = row.requestsPerSecond / health;
    const memory = memoryOf(server.process.pid!);

    const table = [...rows, login].map((row) => ({
      rota: row.route,
      'req/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'razão/health':
        row.ratioToHealth === null ? '—' : `${(row.ratioToHealth * 100).toFixed(0)} %`,
      erros: row.errors,
      'não-2xx': row.non2xx,
    }));
    console.table(table);
    const slotsOneUser = rows.find((row) => row.route === 'time slots (1 usuário)')!;
    const auditRatios = rows
      .filter((row) => row.route.startsWith('auditoria:'))
      .map((row) => ({
        route: row.route,
        p99: row.p99,
        slotsP99: slotsOneUser.p99,
        ratio: row.p99 / Math.max(slotsOneUser.p99, 1),
      }));
    for (const audit of auditRatios)
      log(
        `  ${audit.route}: p99 ${audit.p99} ms = ${audit.ratio.toFixed(2)}× o p99 da lista de horários (${audit.slotsP99} ms; orçamento ≤ 5×)${audit.ratio > 5 ? ' — ACIMA DO ORÇAMENTO' : ''}`,
      );
    log(
      `Início do servidor até /api/health: ${startupMs.toFixed(0)} ms · RSS ocioso ${idle.rssMb.toFixed(0)} MB · pico de RSS ${memory.peakRssMb.toFixed(0)} MB`,
    );
    return {
      connections,
      durationSeconds: duration,
      startupMs: Math.round(startupMs),
      idleRssMb: Math.round(idle.rssMb),
      peakRssMb: Math.round(memory.peakRssMb),
      routes: [...rows, login].map(({ result: _result, ...row }) => row),
      auditRatios,
    };
  } finally {
    await stopServer(server);
  }
}

/**
 * The weekend rush (bench/src/rush.ts) on the busy Saturday: set up in the database with the server
 * stopped (PGlite has one process), the rush on a fresh server, the invariants checked once it has
 * stopped again.
 */
async function rushScenario({ env, club }: Prepared) {
  const members = Number(values.members);
  const attempts = Number(values.attempts);
  const date = club.busyDate;
  let database = await openBenchDatabase(env);
  const rushMembers = await prepareRush(database.db, club, members).finally(() => database.close());
  // Each answer then says where the server spent its time (Server-Timing), reported by stage.
  const server = await startServer({ ...env, SERVER_TIMING: 'true' }, port);
  let result: RushResult;
  let signInSeconds: number;
  let cpuSeconds: Record<string, number> | null = null;
  try {
    log(`Corrida: ${members} associados entrando pelo portal…`);
    const { tokens, seconds } = await signInMembers(server.base, rushMembers);
    signInSeconds = seconds;
    log(
      `  ${members} sessões em ${seconds.toFixed(1)} s; ${members} associados pedem os horários de ${date} ao mesmo tempo`,
    );
    const cpuBefore = cpuSecondsOf(server.process.pid);
    result = await runRush({
      base: server.base,
      club,
      members: rushMembers,
      tokens,
      date,
      attempts,
      slotsPerPlace: benchPlaceSlotsPerDay,
    });
    const cpuAfter = cpuSecondsOf(server.process.pid);
    if (cpuBefore && cpuAfter)
      cpuSeconds = Object.fromEntries(
        Object.entries(cpuAfter).map(([group, seconds]) => [
          group,
          Number((seconds - cpuBefore[group as keyof typeof cpuBefore]).toFixed(2)),
        ]),
      );
  } finally {
    await stopServer(server);
  }
  database = await openBenchDatabase(env);
  let invariants: RushInvariants;
  try {
    invariants = await verifyRush(database.db, club, date, result.booked);
  } finally {
    await database.close();
  }
  console.table([
    {
      'reservas/s': Math.round(result.bookingsPerSecond),
      dia: `${result.booked}/${result.slots}${result.full ? ' (cheio)' : ''}`,
      's até encher': Number(result.secondsToFull.toFixed(2)),
      's até metade, 90%': `${result.secondsToHalf ?? '–'}, ${result.secondsToNineTenths ?? '–'}`,
      'aceitas p50/p99': `${result.accepted.p50}/${result.accepted.p99}`,
      'recusadas p50/p99': `${result.refused.p50}/${result.refused.p99}`,
      'horários p50/p99': `${result.slotLists.p50}/${result.slotLists.p99}`,
      recusadas: result.refused.count,
      '5xx': result.serverErrors,
      'sem resposta': Object.values(result.transportErrors).reduce((sum, n) => sum + n, 0),
    },
  ]);
  log(
    `  recusas: ${JSON.stringify(result.refused.byCode)}; sem resposta: ${JSON.stringify(result.transportErrors)}; outros status: ${JSON.stringify(result.otherStatuses)}; invariantes exatos: ${JSON.stringify(invariants)}`,
  );
  const { first, after } = result.refusedBySecond;
  log(
    `  recusadas enviadas no primeiro segundo: ${first.count}, p50/p99 ${first.p50}/${first.p99} ms; depois dele: ${after.count}, p50/p99 ${after.p50}/${after.p99} ms`,
  );
  const stageNames = {
    toServer: 'até o servidor',
    pre: 'antes',
    queue: 'esperando',
    turn: 'na vez',
    toClient: 'de volta',
  };
  const stages = (name: string, stage: RushResult['stages']['refused']) =>
    `${name}: ${Object.entries(stage)
      .map(([key, { p50, p99 }]) => `${stageNames[key as keyof typeof stageNames]} ${p50}/${p99}`)
      .join(' · ')}`;
  log(
    `  ms por etapa, p50/p99 (a caminho até o servidor ler o pedido, antes da vez no servidor, esperando a vez, na vez, de volta até o cliente ler a resposta): ${stages('recusadas', result.stages.refused)}; ${stages('aceitas', result.stages.accepted)}`,
  );
  log(
    `  as 5 recusas mais lentas (ms: total = até o servidor + antes + esperando + na vez + de volta, @ s): ${result.slowestRefused
      .map(
        (slow) =>
          `${slow.ms} = ${slow.toServer} + ${slow.pre} + ${slow.queue} + ${slow.turn} + ${slow.toClient} @${slow.sentAt}`,
      )
      .join('; ')}`,
  );
  if (cpuSeconds)
    log(
      `  CPU durante a corrida (s): cliente ${cpuSeconds.client}, servidor ${cpuSeconds.server}, PostgreSQL ${cpuSeconds.postgres}, em ${result.totalSeconds.toFixed(1)} s`,
    );
  log(
    `  atraso do laço de eventos do cliente (ms): p99 ${result.clientLoopDelay.p99}, máximo ${result.clientLoopDelay.max}; os maiores (ms @ s): ${result.clientLoopDelay.longest.map((stall) => `${stall.ms} @${stall.at}`).join(', ')}`,
  );
  return {
    date,
    signInSeconds: Number(signInSeconds.toFixed(1)),
    ...result,
    cpuSeconds,
    invariants,
  };
}

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
