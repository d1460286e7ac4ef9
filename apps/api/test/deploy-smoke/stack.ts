import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The pieces of the deployment for the smoke run: nginx with the site rendered from
 * deploy/nginx (the same files install.sh writes), and built API processes (apps/api/dist, as the
 * systemd unit runs them), each a child of this process.
 */
export const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export type Child = {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
  stop: () => Promise<void>;
};

function track(name: string, child: ChildProcess): Child {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { name, child, output: () => output, exited, stop };
}

/** Resolves once `output` shows `pattern`; rejects if the process exits or time runs out. */
async function waitForOutput(process: Child, pattern: RegExp, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void process.exited.then(() => (gone = true));
  while (!pattern.test(process.output())) {
    if (gone || Date.now() > deadline) {
      throw new Error(`${process.name} did not start:\n${process.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type NginxOptions = {
  directory: string;
  certificate: string;
  certificateKey: string;
  httpsPort: number;
  httpPort: number;
  apiPorts: number[];
};

/** nginx in the foreground with its own prefix, pid and temp folders under `directory`. */
export async function startNginx(options: NginxOptions): Promise<Child> {
  const { directory } = options;
  mkdirSync(directory, { recursive: true });
  const rendered = spawnSync(
    'bash',
    [join(repositoryRoot, 'deploy/render-nginx-site.sh'), ...options.apiPorts.map(String)],
    {
      env: {
        PATH: process.env.PATH,
        SERVER_NAME: 'localhost',
        TLS_CERTIFICATE: options.certificate,
        TLS_CERTIFICATE_KEY: options.certificateKey,
        WEB_DIST: join(repositoryRoot, 'apps/web/dist'),
        SITE_DIR: join(repositoryRoot, 'deploy/nginx'),
        HTTPS_PORT: String(options.httpsPort),
        HTTP_PORT: String(options.httpPort),
      },
      encoding: 'utf8',
    },
  );
  if (rendered.status !== 0) throw new Error(`render-nginx-site.sh failed: ${rendered.stderr}`);
  writeFileSync(join(directory, 'clube-reservas.conf'), rendered.stdout);
  // The main configuration a Debian nginx has (/etc/nginx/nginx.conf), reduced to what the site
  // needs, with every path inside the run's folder.
  writeFileSync(
    join(directory, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${directory}/nginx.pid;`,
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  sendfile on;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${directory}/${kind}-temp;`,
      ),
      `  include ${directory}/clube-reservas.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = track(
    'nginx',
    spawn('nginx', ['-p', directory, '-c', join(directory, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  // nginx prints nothing when it starts well: wait for its pid file's process to take connections.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = spawnSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${options.httpsPort}`]);
    if (probe.status === 0) break;
    if (nginx.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not start:\n${nginx.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return nginx;
}

/** A built API process (`node apps/api/dist/server.js`) given only `env`, as systemd would. */
export function spawnApi(name: string, env: Record<string, string>): Child {
  return track(
    name,
    spawn(process.execPath, [join(repositoryRoot, 'apps/api/dist/server.js')], {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** Resolves once the process printed the line it prints when it listens. */
export function apiListening(api: Child) {
  return waitForOutput(api, /Clube Reservas em http:\/\//, 120_000);
}
