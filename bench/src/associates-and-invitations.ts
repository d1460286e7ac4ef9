// Two scenarios of `npm run bench` (bench/src/run-api-bench.ts):
//   --scenario search       the associates list at its connections: the CPF, card and name searches,
//                           the first page and a deep one (by cursor), as ratios in one run
//   --scenario invitations  every member of the club invited to the portal at once, then
//                           /api/health's p99 while the outbox's sender works, against its idle p99
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '@clube/db';
import type { LargeClub } from './generate-large-club';
import { largeClubStaff } from './generate-large-club';
import { openBenchDatabase, signIn, startServer, stopServer } from './server';

type Options = {
  env: Record<string, string>;
  club: LargeClub;
  port: number;
  connections: number;
  duration: number;
  log: (line: string) => void;
};

type Figure = {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function measure(
  title: string,
  options: autocannon.Options,
  log: (line: string) => void,
): Promise<Figure> {
  await autocannon({ ...options, duration: Math.min(2, Number(options.duration)) }); // warm-up
  const result = await autocannon(options);
  log(
    `  ${title}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  return {
    route: title,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const ratio = (value: number, base: number) => Number((value / Math.max(base, 1)).toFixed(2));

/** The associates list: a deep page against the first, card and name searches against the CPF's. */
export async function searchScenario({ env, club, port, connections, duration, log }: Options) {
  const server = await startServer(env, port);
  try {
    const token = await signIn(server.base, '/api/auth/login', largeClubStaff);
    const headers = { authorization: `Bearer ${token}` };
    const list = (query: string) =>
      `${server.base}/api/backoffice/associate/findAllPaginated?companyId=${club.companyId}&take=100${query}`;
    // A row four fifths down the list: the page after it is the deep page.
    const database = await openBenchDatabase(env);
    const [members] = await queryRows<{ total: number }>(
      database.db,
      sql`select count(*)::int as total from associates where company_id = ${club.companyId}`,
    ).finally(() => database.close());
    const deepSkip = Math.floor(Number(members!.total) * 0.8);
    const probe = (await (
      await fetch(list(`&skip=${deepSkip}`).replace('take=100', 'take=1'), { headers })
    ).json()) as { previousCursor: string };
    const get = (url: string): autocannon.Options => ({ url, connections, duration, headers });
    const firstName = club.sample.name.split(' ')[0]!;
    log(`Medindo a lista de associados (${connections} conexões, ${duration} s por rota)…`);
    const rows = {
      cpf: await measure('associados: cpf', get(list(`&search=${club.sample.cpf}`)), log),
      card: await measure(
        'associados: carteirinha',
        get(list(`&search=${club.sample.cardId}`)),
        log,
      ),
      name: await measure(
        `associados: nome ("${firstName.slice(0, 4)}")`,
        get(list(`&search=${encodeURIComponent(firstName.slice(0, 4))}`)),
        log,
      ),
      first: await measure('associados: primeira página', get(list('')), log),
      deep: await measure(
        `associados: página após a linha ${deepSkip} (cursor)`,
        get(list(`&after=${probe.previousCursor}`)),
        log,
      ),
    };
    const ratios = {
      deepToFirst: ratio(rows.deep.p99, rows.first.p99),
      cardToCpf: ratio(rows.card.p99, rows.cpf.p99),
      nameToCpf: ratio(rows.name.p99, rows.cpf.p99),
    };
    log(
      `  p99: página profunda ${ratios.deepToFirst}× a primeira (orçamento ≤ 1,5×); carteirinha ${ratios.cardToCpf}× e nome ${ratios.nameToCpf}× o cpf (orçamento ≤ 3×)`,
    );
    return { connections, durationSeconds: duration, routes: Object.values(rows), ratios };
  } finally {
    await stopServer(server);
  }
}

/**
 * Every member of the club gets an e-mail and loses their portal password (as after an import),
 * then the club invites them all at once: the queueing's time, and /api/health's p99 idle and
 * while the sender works the outbox (no SMTP: messages are kept, the sender's cheapest and
 * fastest loop, so the hardest on the database and the event loop).
 */
export async function invitationsScenario({ env, club, port, duration, log }: Options) {
  const database = await openBenchDatabase(env);
  try {
    await database.db.execute(
      sql`update associates set email = 'socio' || card_id || '@exemplo.com', password_hash = null where company_id = ${club.companyId}`,
    );
    await database.db.execute(sql`delete from outbox_messages where kind = 'invitation'`);
  } finally {
    await database.close();
  }
  const server = await startServer(env, port);
  try {
    const token = await signIn(server.base, '/api/auth/login', largeClubStaff);
    const headers = { authorization: `Bearer ${token}` };
    const health: autocannon.Options = {
      url: `${server.base}/api/health`,
      connections: 8,
      duration,
    };
    log('Medindo /api/health ocioso e durante o envio de convites…');
    const idle = await measure('GET /api/health (ocioso)', health, log);
    const url = `${server.base}/api/backoffice/associate/invitation/company/${club.companyId}`;
    type Summary = { eligible: number; latestBatch: { total: number } | null };
    const readSummary = async () => (await (await fetch(url, { headers })).json()) as Summary;
    const { eligible } = await readSummary();
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers });
    const answerMs = Math.round(performance.now() - started);
    const answered = (await response.json()) as Summary;
    log(
      `  resposta em ${answerMs} ms (status ${response.status}), ${answered.latestBatch?.total ?? 0} de ${eligible} já enfileirados; o resto em segundo plano`,
    );
    // The batches after the first are queued in the background, while health is measured: the
    // time until every member is queued is read from the progress, as often as the screen reads
    // it (every 2 s).
    let total = answered.latestBatch?.total ?? 0;
    let queueMs = answerMs;
    const followQueueing = (async () => {
      while (total < eligible && performance.now() - started < 900_000) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        total = (await readSummary()).latestBatch?.total ?? 0;
        queueMs = Math.round(performance.now() - started);
      }
    })();
    // No warm-up here: the queueing and the sender run at once.
    const result = await autocannon(health);

    const during: Figure = {
      route: 'GET /api/health (durante o envio)',
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
    const progress = (await (await fetch(url, { headers })).json()) as {
      latestBatch: { done: number; pending: number };
    };
    await followQueueing;
    log(`  ${total} convites enfileirados em ${queueMs} ms`);
    log(
      `  ${during.route}: ${during.requestsPerSecond.toFixed(0)} req/s, p99 ${during.p99} ms; enviados no período: ${progress.latestBatch.done}, pendentes: ${progress.latestBatch.pending}`,
    );
    const healthRatio = ratio(during.p99, idle.p99);
    log(`  p99 de /api/health durante o envio: ${healthRatio}× o ocioso (orçamento ≤ 3×)`);
    return {
      invitations: total,
      answerMs,
      queueMs,
      sentDuringMeasure: progress.latestBatch.done,
      pendingAfterMeasure: progress.latestBatch.pending,
      routes: [idle, during],
      ratios: { healthWhileSendingToIdle: healthRatio },
    };
  } finally {
    await stopServer(server);
  }
}
