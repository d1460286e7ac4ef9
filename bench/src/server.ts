// What every API benchmark shares: the built server started against a prepared database, its
// memory, signing in over HTTP, and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@clube/db';

export const root = new URL('../../', import.meta.url).pathname;
export const benchJwtSecret = 'benchmark-secret-benchmark-secret-0123456789';

/** The database a benchmark's environment names (PostgreSQL URL or PGlite data folder). */
export function openBenchDatabase(env: Record<string, string>) {
  return env.DATABASE_URL
    ? openDatabase({ driver: 'postgres', url: env.DATABASE_URL, poolSize: 1 })
    : openDatabase({ driver: 'pglite', dataDir: join(env.DATA_DIR!, 'db') });
}

export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kilobytes('VmRSS') / 1024, peakRssMb: kilobytes('VmHWM') / 1024 };
}

/**
 * CPU seconds (user and system) used so far by this process (the benchmark's client), the
 * server and PostgreSQL's processes, from Linux's /proc; null where there is none. Two readings
 * apart say which of the three the machine's cores went to (a backend that ended between them
 * takes its seconds with it: the server's pool keeps its connections through a rush).
 */
export function cpuSecondsOf(serverPid: number | undefined) {
  const ticksPerSecond = 100; // USER_HZ, 100 on every Linux architecture Node runs on
  const seconds = { client: 0, server: 0, postgres: 0 };
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let group: keyof typeof seconds | null = null;
      let stat: string;
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (Number(pid) === process.pid) group = 'client';
        else if (Number(pid) === serverPid) group = 'server';
        // Its backends name themselves "postgres: …"; the postmaster runs as …/bin/postgres.
        else if (/^(postgres:|\S*\/bin\/postgres\0)/.test(command)) group = 'postgres';
        if (!group) continue;
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // utime and stime: the 14th and 15th fields, the 12th and 13th after the command's ")".
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds[group] += (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    }
  } catch {
    return null;
  }
  return seconds;
}

export type Server = { process: ChildProcess; base: string; startupMs: number };

/**
 * Starts the built API on `port` and waits until /api/health answers. `BENCH_SERVER_NODE_ARGS`
 * passes flags to the server's Node only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
 */
export async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const started = performance.now();
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      JWT_SECRET: benchJwtSecret,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (server.exitCode !== null) throw new Error('o servidor terminou ao iniciar');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { process: server, base, startupMs: performance.now() - started };
}

export async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/**
 * Signs in through a login route (the back office's `/api/auth/login` or the portal's
 * `/api/portal/auth/login`) and answers the access token.
 */
export async function signIn(
  base: string,
  path: string,
  credentials: { cpf: string; password: string },
): Promise<string> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login em ${path} falhou: ${response.status}`);
  const { access_token: token } = (await response.json()) as { access_token?: string };
  if (!token) throw new Error(`login em ${path} sem sessão (mais de um clube?)`);
  return token;
}

/** The value under which `fraction` of the sorted samples fall (nearest rank). */
export const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
