// `npm run bench:import`: uploads a 100 000-row membership file to the built server, as a dry run
// and then for real, while one client asks `/api/health` back to back, and reports how long the
// import took and the health latencies while it ran (p99 budget: 200 ms). A benchmark: it
// reports, it never asserts.
//   --rows 100000   rows of the generated file
//   --port N        the server's port (default: one of 3990–3998)
// DATABASE_URL set: a fresh database next to it (created and dropped); otherwise PGlite.
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchDatabase, openDatabase } from '@clube/db';
import { completeCpf } from '@clube/shared';
import { generateLargeClub, largeClubStaff, scaledSizes } from './generate-large-club';
import { hostSpeedLine, machineOf, measureHostSpeed } from './host-speed';
import { percentile, root, signIn, startServer, stopServer } from './server';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, port: { type: 'string' } },
});
const rows = Number(values.rows);
const databaseUrl = process.env.DATABASE_URL;
const driver = databaseUrl ? 'postgres' : 'pglite';
const log = (line: string) => process.stdout.write(`${line}\n`);

type Prepared = { env: Record<string, string>; companyId: string; cleanup: () => Promise<void> };

async function prepareDatabase(): Promise<Prepared> {
  // A small club (its staff member signs in); the import adds the file's associates to it.
  const sizes = scaledSizes(0.002);
  if (databaseUrl) {
    const { url, drop } = await createScratchDatabase(databaseUrl, 'clube_bench_import');
    const database = await openDatabase({ driver: 'postgres', url, poolSize: 4 });
    await database.migrate(join(root, 'packages/db/drizzle'));
    const club = await generateLargeClub(database.db, sizes, () => {});
    await database.close();
    return {
      env: { DATABASE_URL: url },
      companyId: club.companyId,
      cleanup: drop,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'clube-bench-import-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
  await database.migrate(join(root, 'packages/db/drizzle'));
  const club = await generateLargeClub(database.db, sizes, () => {});
  await database.close();
  return {
    env: { DATA_DIR: dataDir, SEED_DEMO: 'false' },
    companyId: club.companyId,
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function membershipFile(): Buffer {
  const lines = ['cpf,name,birthDate,cardId,title,isHolder,email,blocked'];
  for (let index = 0; index < rows; index += 1) {
    const cpf = completeCpf(String(700_000_000 + index));
    lines.push(
      `${cpf},Associado Importado ${index},01/01/1990,${9_000_000 + index},Título Importado ${Math.floor(index / 4)},${index % 4 === 0 ? 'sim' : 'não'},,`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Asks /api/health back to back until `stop` resolves; latencies in ms. */
async function sampleHealth(base: string, stop: Promise<unknown>) {
  const latencies: number[] = [];
  let failures = 0;
  let done = false;
  void stop.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
    } catch {
      // Held past the client's own timeout (minutes): counted with the time it waited.
      failures += 1;
    }
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return {
    samples: latencies.length,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    max: Math.round(latencies.at(-1) ?? 0),
    failures,
  };
}

async function main() {
  const speed = await measureHostSpeed(databaseUrl);
  log(hostSpeedLine(speed));
  const { env, companyId, cleanup } = await prepareDatabase();
  const file = membershipFile();
  const port = values.port ? Number(values.port) : 3990 + Math.floor(Math.random() * 9);
  const server = await startServer(env, port);
  const { base } = server;
  try {
    const token = await signIn(base, '/api/auth/login', largeClubStaff);

    // node:http rather than fetch: fetch gives up waiting for the answer's headers after 5
    // minutes, and a large import on a busy machine answers later than that.
    const upload = async (dryRun: boolean) => {
      const boundary = '----clube-bench-boundary';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(
          `${field('companyId', companyId)}${field('dryRun', String(dryRun))}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="socios.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const started = performance.now();
      const { status, text } = await new Promise<{ status: number; text: string }>(
        (resolve, reject) => {
          const outgoing = request(
            `${base}/api/backoffice/associate/import`,
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': `multipart/form-data; boundary=${boundary}`,
                'content-length': body.length,
              },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('error', reject);
              response.on('end', () =>
                resolve({
                  status: response.statusCode ?? 0,
                  text: Buffer.concat(chunks).toString(),
                }),
              );
            },
          );
          outgoing.on('error', reject);
          outgoing.end(body);
        },
      );
      const report = JSON.parse(text) as Record<string, unknown>;
      if (status !== 200) throw new Error(`importação: ${status} ${text}`);
      return { seconds: (performance.now() - started) / 1000, report };
    };

    const idle = await sampleHealth(base, new Promise((resolve) => setTimeout(resolve, 2000)));
    const results = [];
    for (const dryRun of [true, false]) {
      const importing = upload(dryRun);
      const health = await sampleHealth(
        base,
        importing.catch(() => {}),
      );
      const { seconds, report } = await importing;
      log(
        `  ${dryRun ? 'simulação' : 'importação'}: ${seconds.toFixed(1)} s, /api/health ${JSON.stringify(health)}`,
      );
      results.push({
        import: dryRun ? 'dry run' : 'real',
        rows,
        seconds: Number(seconds.toFixed(1)),
        created: report.created,
        applied: report.applied,
        health,
      });
    }
    console.table([
      { import: 'nenhuma (ocioso)', s: '—', ...idle },
      ...results.map((row) => ({ import: row.import, s: row.seconds, ...row.health })),
    ]);
    const output = {
      date: new Date().toISOString(),
      commit: execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim(),
      machine: machineOf(speed),
      database: driver,
      idleHealth: idle,
      imports: results,
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    const resultFile = join(
      root,
      `bench/results/${output.date.slice(0, 10)}-import-${driver}-${rows}.json`,
    );
    writeFileSync(resultFile, `${JSON.stringify(output, null, 2)}\n`);
    log(`Resultados em ${resultFile}`);
  } finally {
    await stopServer(server);
    await cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
