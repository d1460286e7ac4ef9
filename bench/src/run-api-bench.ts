// `npm run bench`: builds a large club, starts the built server against it and measures the
// routes staff feel most, over HTTP on loopback. A benchmark: it reports, it never asserts.
//   --scale 0.05       fraction of the full club (default 1: 200 places, 50 000 associates,
//                      1 000 000 appointments, 20 000 blocks)
//   --duration 10      seconds measured per route (after a warm-up)
//   --connections N    concurrent connections (default 32 on PostgreSQL, 8 on PGlite)
//   --keep-data        keep the generated database (to EXPLAIN against it, or to --reuse it)
//   --reuse            measure again the database the last --keep-data run kept (its bookings
//                      of the bench places are deleted first), skipping the generation
// DATABASE_URL set: a fresh database next to it (created and dropped); otherwise PGlite.
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '@clube/db';
import { sql } from 'drizzle-orm';
import { clubInstant, timeOfMinutes } from '@clube/shared';
import { databaseUrl, createBenchDatabase, driver, root, startBuiltServer } from './bench-server';
import {
  fullSizes,
  largeClubStaff,
  scaledSizes,
  timezone,
  type LargeClub,
} from './generate-large-club';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
const duration = Number(values.duration);
const connections = Number(values.connections ?? (databaseUrl ? 32 : 8));
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
  const database = kept.env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: kept.env.DATABASE_URL, poolSize: 1 })
    : await openDatabase({ driver: 'pglite', dataDir: join(kept.env.DATA_DIR!, 'db') });
  const ids = kept.club.benchPlaceIds.map((id) => `'${id}'::uuid`).join(',');
  await database.db.execute(
    sql.raw(`delete from appointments where place_id = any(array[${ids}])`),
  );
  await database.close();
  log(`Reutilizando ${kept.env.DATABASE_URL ?? kept.env.DATA_DIR} (reservas de bancada apagadas)`);
  return { ...kept, cleanup: async () => {} };
}

async function prepareDatabase(): Promise<Prepared> {
  if (values.reuse) return reuseDatabase();
  const sizes = scale === 1 ? fullSizes : scaledSizes(scale);
  log(`Gerando clube grande (${driver}, escala ${scale}): ${JSON.stringify(sizes)}`);
  const started = performance.now();
  const database = await createBenchDatabase('bench', sizes, log);
  log(`Geração: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { env, club } = database;
  keep({ env, club });
  return {
    env,
    club,
    cleanup: async () => {
      if (values['keep-data']) {
        log(
          `${driver === 'postgres' ? 'Banco mantido' : 'Dados mantidos em'}: ${database.location}`,
        );
        return;
      }
      await database.drop();
    },
  };
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kilobytes('VmRSS') / 1024, peakRssMb: kilobytes('VmHWM') / 1024 };
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

async function main() {
  const { env, club, cleanup } = await prepareDatabase();
  const port = 3900 + Math.floor(Math.random() * 90);
  const { server, startupMs } = await startBuiltServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const idle = memoryOf(server.pid!);
    const loginResponse = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(largeClubStaff),
    });
    if (!loginResponse.ok) throw new Error(`login falhou: ${loginResponse.status}`);
    const { access_token: token } = (await loginResponse.json()) as { access_token: string };
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
      // The front desk's day sheet: every place of the club, one user (budget p99 ≤ 100 ms on
      // PostgreSQL, docs/performance.md).
      await measure('quadro do dia (200 lugares, 1 usuário)', {
        ...get(`/api/backoffice/day-sheet?companyId=${club.companyId}&date=${club.busyDate}`),
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
      // place are serialised by design, docs/performance.md.)
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
    const memory = memoryOf(server.pid!);

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
    log(
      `Início do servidor até /api/health: ${startupMs.toFixed(0)} ms · RSS ocioso ${idle.rssMb.toFixed(0)} MB · pico de RSS ${memory.peakRssMb.toFixed(0)} MB`,
    );

    const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
    const output = {
      date: new Date().toISOString(),
      commit,
      machine: {
        cpu: cpus()[0]?.model,
        cores: cpus().length,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        // Other work on the machine skews every figure: keep the 1/5/15-minute load with them.
        loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
      },
      database: driver,
      scale,
      connections,
      durationSeconds: duration,
      startupMs: Math.round(startupMs),
      idleRssMb: Math.round(idle.rssMb),
      peakRssMb: Math.round(memory.peakRssMb),
      routes: [...rows, login].map(({ result: _result, ...row }) => row),
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    const file = join(
      root,
      `bench/results/${output.date.slice(0, 10)}-${driver}-scale-${scale}-c${connections}.json`,
    );
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
    log(`Resultados em ${file}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
