import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '@clube/db';
import { loadConfig } from '../src/config';

/**
 * A real API process (`src/server.ts` run by tsx, so no build is needed), for the tests that only
 * mean something across processes: two servers on one database, kill -9, SIGTERM. It listens on a
 * free loopback port and is given only the environment the test passes, so nothing of the test
 * runner's own configuration (DATABASE_URL, REDIS_URL…) leaks in.
 */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output: () => string;
  /** Resolves once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`; answers how it exited. */
  stop: (graceMs?: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const apiDirectory = fileURLToPath(new URL('..', import.meta.url));
const startTimeoutMs = 120_000;

export const serverJwtSecret = 'server-process-secret-0123456789-abcdefghijkl';

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDirectory,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JWT_SECRET: serverJwtSecret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const stop = async (graceMs = 20_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const result = await exited;
    clearTimeout(timer);
    return result;
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, startTimeoutMs);
    const onData = () => {
      const match = /Clube Reservas em (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

  return { url, child, output: () => output, exited, stop };
}

export type JsonResponse = { status: number; body: Record<string, unknown> };

/** A JSON request to a server process; network failures reject (the server may be gone). */
export async function requestJson(
  url: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<JsonResponse> {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** Logs a staff member in through a server process and answers the access token. */
export async function loginThrough(url: string, cpf: string, password: string): Promise<string> {
  const response = await requestJson(`${url}/api/auth/login`, { body: { cpf, password } });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response)}`);
  return response.body.access_token as string;
}

/** Counts responses by status, naming errors by their code: `{ '201': 1, TimeAlreadyTaken: 199 }`. */
export function tallyResponses(responses: JsonResponse[]): Record<string, number> {
  return responses.reduce<Record<string, number>>((counts, response) => {
    const key =
      response.status < 300
        ? String(response.status)
        : String(response.body.error ?? response.status);
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});
}

/** Opens the embedded database of DATA_DIR (only while no server holds it), then closes it. */
export async function withEmbeddedDatabase<T>(dataDir: string, use: (db: Database) => Promise<T>) {
  const database = await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    await database.migrate(loadConfig({}).migrationsDir);
    return await use(database.db);
  } finally {
    await database.close();
  }
}
