// What every API benchmark shares: the built server started against a prepared database, its
// memory, signing in over HTTP, and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
