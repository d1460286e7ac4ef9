/**
 * The deployment's smoke run (deploy/ci-smoke.sh runs it; ~1 minute): nginx with TLS and HTTP/2
 * from deploy/nginx, two built API processes on a scratch PostgreSQL database and Redis, and an
 * SMTP server. Through nginx over HTTPS: staff sign in, a member books from the portal, the
 * booking reaches the day sheet's live stream within a second, a process killed with kill -9
 * loses no committed booking while the other keeps answering, and the booking's mail arrives.
 * Every step prints one line; the first failure stops the run with exit code 1.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appointments, createScratchDatabase, openDatabase, type DatabaseHandle } from '@clube/db';
import { addDaysToDate, clubInstant, clubToday, formatCpf } from '@clube/shared';
import { inArray } from 'drizzle-orm';
import { generateVapidKeys } from '../../src/lib/push/vapid';
import { startSmtpTestServer, type SmtpTestServer } from '../smtp-test-server';
import { connectH2, jsonOf } from './h2-client';
import { seedSmokeClub } from './seed';
import { apiListening, repositoryRoot, spawnApi, startNginx, type Child } from './stack';

const settings = {
  serverUrl: process.env.SMOKE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.SMOKE_REDIS_URL ?? 'redis://127.0.0.1:6379',
  certificate: process.env.SMOKE_CERTIFICATE ?? '',
  certificateKey: process.env.SMOKE_CERTIFICATE_KEY ?? '',
  httpsPort: Number(process.env.SMOKE_HTTPS_PORT ?? 8443),
  httpPort: Number(process.env.SMOKE_HTTP_PORT ?? 3780),
  apiPorts: (process.env.SMOKE_API_PORTS ?? '3701 3702').split(/\s+/).map(Number),
};

/** Each process's metrics port: its API port plus this (3711 for 3701). */
const metricsPortOffset = 10;

const started = performance.now();
function step(text: string) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(5);
  process.stdout.write(`[${seconds}s] ${text}\n`);
}
function check(condition: unknown, text: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${text}`);
}

const cleanups: (() => Promise<void> | void)[] = [];
let apis: Child[] = [];

async function main() {
  check(settings.certificate && settings.certificateKey, 'SMOKE_CERTIFICATE(_KEY) are set');
  const workDirectory = mkdtempSync(join(tmpdir(), 'clube-deploy-smoke-'));
  cleanups.push(() => rmSync(workDirectory, { recursive: true, force: true }));

  const scratch = await createScratchDatabase(settings.serverUrl, 'clube_smoke');
  cleanups.push(scratch.drop);
  const smtp: SmtpTestServer = await startSmtpTestServer();
  cleanups.push(smtp.close);
  const origin = `https://localhost:${settings.httpsPort}`;

  const vapidKeys = generateVapidKeys();
  // What every process shares (deploy/systemd/clube.env.example); only PORT and DATA_DIR differ.
  const sharedEnv = {
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    DATABASE_URL: scratch.url,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: settings.redisUrl,
    REDIS_PREFIX: `clube-smoke-${randomBytes(4).toString('hex')}:`,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    PUBLIC_URL: origin,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Clube Smoke <reservas@smoke.example>',
    VAPID_PUBLIC_KEY: vapidKeys.publicKey,
    VAPID_PRIVATE_KEY: vapidKeys.privateKey,
    // Every request's lines, as production logs them: checked at the end for secrets.
    LOG_LEVEL: 'info',
  };
  apis = settings.apiPorts.map((port) =>
    spawnApi(`api:${port}`, {
      ...sharedEnv,
      PORT: String(port),
      DATA_DIR: join(workDirectory, `data-${port}`),
      METRICS_PORT: String(port + metricsPortOffset),
    }),
  );
  cleanups.push(() => Promise.all(apis.map((api) => api.stop())).then(() => {}));
  // Both start at once on the empty database: one migrates, the other waits for it.
  await Promise.all(apis.map(apiListening));
  step(`${apis.length} API processes listening on ${settings.apiPorts.join(', ')}`);

  const nginx = await startNginx({
    directory: join(workDirectory, 'nginx'),
    certificate: settings.certificate,
    certificateKey: settings.certificateKey,
    httpsPort: settings.httpsPort,
    httpPort: settings.httpPort,
    apiPorts: settings.apiPorts,
  });
  cleanups.push(() => nginx.stop());
  step(`nginx on ${origin} (HTTP/2)`);

  const database: DatabaseHandle = await openDatabase({
    driver: 'postgres',
    url: scratch.url,
    poolSize: 2,
  });
  cleanups.push(() => database.close());
  const club = await seedSmokeClub(database.db);

  const client = connectH2(origin, readFileSync(settings.certificate, 'utf8'));
  cleanups.push(() => client.close());

  // The pages: index.html from the API with its security headers and never cached; a hashed
  // asset from disk, cached for a year and compressed.
  const page = await client.request('/');
  check(
    page.status === 200 && /<html/i.test(page.text),
    `GET / answers the web app (${page.status})`,
  );
  check(page.headers['cache-control'] === 'no-cache', 'index.html is not cached');
  check(page.headers['content-security-policy'], 'index.html carries the CSP');
  const hsts = String(page.headers['strict-transport-security'] ?? '');
  check(/^max-age=\d+/.test(hsts) && !hsts.includes(','), `one HSTS header (${hsts})`);
  const assets = join(repositoryRoot, 'apps/web/dist/assets');
  const script = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0];
  const asset = await client.request(`/assets/${script}`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  check(asset.status === 200, `GET /assets/${script} (${asset.status})`);
  check(
    asset.headers['cache-control'] === 'public, max-age=31536000, immutable',
    `assets cached for a year (${asset.headers['cache-control']})`,
  );
  check(asset.headers['content-encoding'] === 'gzip', 'assets are compressed');
  step('pages: index.html no-cache with CSP; hashed assets immutable and gzipped');

  // Staff sign in and open the day sheet's live stream, twice: nginx sends the second to the
  // process with fewer open requests, so the booking below is heard across processes (checked
  // at the kill below).
  const staffLogin = jsonOf<{ access_token: string }>(
    await client.request('/api/auth/login', {
      body: { cpf: formatCpf(club.staffCpf), password: club.staffPassword },
    }),
    200,
  );
  const streams = await Promise.all(
    [0, 1].map(() =>
      client.openStream(
        `/api/backoffice/events?companyId=${club.companyId}`,
        staffLogin.access_token,
      ),
    ),
  );
  cleanups.push(() => streams.forEach((stream) => stream.close()));
  step('staff signed in; two day-sheet streams open through nginx');

  const memberTokens = await Promise.all(
    club.members.map(
      async (member) =>
        jsonOf<{ access_token: string }>(
          await client.request('/api/portal/auth/login', {
            body: { cpf: formatCpf(member.cpf), password: club.memberPassword },
          }),
          200,
        ).access_token,
    ),
  );
  const today = clubToday(club.timezone);
  const slot = (day: number, hour: number) =>
    clubInstant(addDaysToDate(today, day), `${String(hour).padStart(2, '0')}:00`, club.timezone);

  const book = async (member: number, placeId: string, startsAt: Date) => {
    const sentAt = performance.now();
    const made = jsonOf<{ id: string }>(
      await client.request('/api/portal/bookings', {
        token: memberTokens[member],
        body: { placeId, startsAt: startsAt.toISOString() },
      }),
      201,
    );
    return { id: made.id, sentAt, answeredAt: performance.now() };
  };
  const heardBy = (placeId: string, timeoutMs: number) =>
    Promise.all(
      streams.map((stream) =>
        stream.waitForChange(
          (data) => (data as { placeId?: string }).placeId === placeId,
          timeoutMs,
        ),
      ),
    );
  // The first booking of each process prepares its statements: two at once (one per process,
  // nginx giving the second to the process with fewer open requests) are not timed.
  const [booking, warmUp] = await Promise.all([
    book(0, club.placeId, slot(1, 10)),
    book(2, club.placeIds[2]!, slot(1, 10)),
  ]);
  await heardBy(club.placeIds[2]!, 10_000);
  // Timed from the booking's answer (it has committed by then): under CI's load the booking
  // itself may take a while, and what is checked is how fast the stream tells it.
  const timed = await book(1, club.placeIds[1]!, slot(1, 11));
  const heardAt = Math.max(
    ...(await heardBy(club.placeIds[1]!, timed.answeredAt + 1000 - performance.now())),
  );
  const heard = heardAt - timed.answeredAt;
  check(heard < 1000, `the booking reached both streams within a second (${heard.toFixed(0)} ms)`);
  step(
    `members booked in the portal; both streams had a booking ${Math.max(0, heard).toFixed(0)} ms ` +
      `after its answer (the booking took ${(timed.answeredAt - timed.sentAt).toFixed(0)} ms)`,
  );

  const mails = await smtp.waitForMessages(3, 20_000);
  const confirmation = mails.find(
    (mail) =>
      /Reserva confirmada/.test(mail.subject ?? '') &&
      JSON.stringify(mail.to).includes(club.members[0]!.email),
  );
  check(
    confirmation,
    `the member's confirmation arrived (${mails.map((mail) => mail.subject).join(', ')})`,
  );
  step(`the booking's mail reached the SMTP server: "${confirmation.subject}"`);

  // kill -9 while members keep booking: every booking answered 201 is in the database, and the
  // remaining process answers everything after.
  const committed = [booking.id, warmUp.id, timed.id];
  let failedDuringKill = 0;
  let killed = false;
  const load = club.members.map(async (_member, index) => {
    for (let day = 2; day <= 12; day += 1) {
      const response = await client.request('/api/portal/bookings', {
        token: memberTokens[index],
        body: { placeId: club.placeIds[index]!, startsAt: slot(day, 8 + index).toISOString() },
      });
      if (response.status === 201) committed.push((JSON.parse(response.text) as { id: string }).id);
      else if (killed) failedDuringKill += 1;
      else throw new Error(`booking refused before the kill: ${response.status} ${response.text}`);
    }
  });
  while (committed.length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
  const victim = apis[0]!;
  killed = true;
  victim.child.kill('SIGKILL');
  await victim.exited;
  await Promise.all(load);
  // The two streams were on different processes: the killed one's has ended, the other's not.
  check(
    streams.filter((stream) => stream.ended()).length === 1,
    'one day-sheet stream ended with its process, the other stayed open',
  );
  const stored = await database.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(inArray(appointments.id, committed));
  check(
    stored.length === committed.length,
    `every committed booking is stored (${stored.length} of ${committed.length})`,
  );
  const after = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      client.request('/api/portal/me', { token: memberTokens[index % memberTokens.length] }),
    ),
  );
  check(
    after.every((response) => response.status === 200),
    `the other process answers every request (${after.map((response) => response.status).join(',')})`,
  );
  const afterKill = await client.request('/api/portal/bookings', {
    token: memberTokens[0],
    body: { placeId: club.placeId, startsAt: slot(20, 15).toISOString() },
  });
  check(afterKill.status === 201, `a booking after the kill is made (${afterKill.status})`);
  // The survivor's metrics, on its own port: the bookings it answered and its open stream.
  const survivorPort = settings.apiPorts[1]! + metricsPortOffset;
  const scraped = await (await fetch(`http://127.0.0.1:${survivorPort}/metrics`)).text();
  check(
    /clube_http_request_duration_seconds_count\{method="POST",route="\/api\/portal\/bookings",status="201"\} [1-9]/.test(
      scraped,
    ),
    'the surviving process counts the bookings it answered',
  );
  check(/^clube_live_streams 1$/m.test(scraped), 'the surviving process reports its open stream');
  step(
    `kill -9 of ${victim.name}: ${committed.length} committed bookings all stored, ` +
      `${failedDuringKill} unanswered during the kill, 20/20 answers and a booking after it`,
  );

  // The request id nginx gives a request is the one the API answers and logs it under.
  const named = await client.request('/api/health');
  const requestId = String(named.headers['x-request-id'] ?? '');
  check(/^[0-9a-f]{32}$/.test(requestId), `nginx's request id is answered (${requestId})`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const logs = apis.map((api) => api.output()).join('\n');
  check(logs.includes(`"reqId":"${requestId}"`), "the API logs the request under nginx's id");
  const requestLines = logs
    .split('\n')
    .filter((line) => line.startsWith('{') && /"(req|res)":/.test(line));
  check(requestLines.length > 50, `the requests were logged (${requestLines.length} lines)`);
  const unnamed = requestLines.filter((line) => !/"reqId":"[0-9a-f]{32}"/.test(line));
  check(unnamed.length === 0, `every request line names its request: ${unnamed[0]}`);
  const secrets = [
    club.staffPassword,
    club.memberPassword,
    staffLogin.access_token,
    ...memberTokens,
    sharedEnv.JWT_SECRET,
    vapidKeys.privateKey,
    club.staffCpf,
    formatCpf(club.staffCpf),
    ...club.members.flatMap((member) => [member.cpf, formatCpf(member.cpf)]),
  ];
  const leaked = secrets.filter((secret) => logs.includes(secret));
  check(
    leaked.length === 0,
    `no password, token, secret or CPF in the logs (${leaked.length} found)`,
  );
  step(
    `logs: ${requestLines.length} request lines, each with nginx's request id, no secret in them`,
  );
}

async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch(() => {});
  }
}

main()
  .then(async () => {
    await cleanUp();
    step('deployment smoke run passed');
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`\n${error instanceof Error ? error.stack : String(error)}\n`);
    for (const api of apis)
      process.stderr.write(`\n--- ${api.name} ---\n${api.output().slice(-4000)}\n`);
    await cleanUp();
    process.exit(1);
  });
