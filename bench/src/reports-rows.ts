// The Relatórios' rows of the routes scenario: each report for one user as a ratio to the staff
// slot list's p99 of the same run (budget ≤ 20×), and a year's export of every appointment of the
// large club streamed while another club's staff keep asking for their slots: the server's RSS
// growth during it (budget < 50 MB) and the other club's p99 meanwhile as a ratio to its p99 alone
// (budget ≤ 2×). Timings are reported, never judged; a wrong row count fails the run.
import { queryRows } from '@clube/db';
import { addDaysToDate, clubInstant, clubToday } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { duration, log } from './api-bench-options';
import { createOtherClub, otherClubStaff } from './fairness';
import { timezone, type LargeClub } from './generate-large-club';
import { memoryOf, openBenchDatabase, percentile, signIn, type Server } from './server';

export type ReportRowsSetup = {
  year: { from: string; to: string };
  /** The large club's appointments starting in `year`, counted in the database. */
  yearAppointments: number;
  otherPlaceId: string;
};

/**
 * What the rows need from the database, read with the server stopped (PGlite has one process):
 * the year's appointments and the other club (created once).
 */
export async function prepareReportRows(
  env: Record<string, string>,
  club: LargeClub,
): Promise<ReportRowsSetup> {
  const today = clubToday(timezone);
  // The 365 days before today: past bookings only, which no row of the benchmark changes.
  const year = { from: addDaysToDate(today, -365), to: addDaysToDate(today, -1) };
  const database = await openBenchDatabase(env);
  let yearAppointments: number;
  try {
    const [row] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from appointments
          where company_id = ${club.companyId}::uuid
            and starts_at >= ${clubInstant(year.from, '00:00', timezone).toISOString()}::timestamptz
            and starts_at < ${clubInstant(today, '00:00', timezone).toISOString()}::timestamptz`,
    );
    yearAppointments = row!.count;
  } finally {
    await database.close();
  }
  return { year, yearAppointments, otherPlaceId: await createOtherClub(env) };
}

/** Records of a CSV (CRLF between them, line breaks inside quotes kept in their cell). */
function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    add(chunk: string) {
      for (const character of chunk) {
        if (character === '"') quoted = !quoted;
        else if (character === '\n' && !quoted) records += 1;
      }
    },
    /** Records after the header. */
    get rows() {
      return records - 1;
    },
  };
}

async function downloadCsv(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  const counter = csvRecordCounter();
  const decoder = new TextDecoder();
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    counter.add(decoder.decode(chunk, { stream: true }));
  }
  return { rows: counter.rows, bytes };
}

/** Latencies of one user's requests, one after the other, until `done` answers true. */
async function oneUser(
  url: string,
  headers: Record<string, string>,
  done: (requests: number) => boolean,
) {
  const latencies: number[] = [];
  let failures = 0;
  while (!done(latencies.length)) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!response.ok) failures += 1;
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(1));
  return {
    requests: latencies.length,
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    failures,
  };
}

export async function measureReportRows({
  server,
  headers,
  club,
  setup,
  slotsP99,
}: {
  server: Server;
  headers: Record<string, string>;
  club: LargeClub;
  setup: ReportRowsSetup;
  slotsP99: number;
}) {
  const { base } = server;
  const sectionStarted = performance.now();
  const clubQuery = `companyId=${club.companyId}`;
  const yearQuery = `${clubQuery}&period=custom&from=${setup.year.from}&to=${setup.year.to}`;
  // One user asking again as soon as answered, for --duration seconds and two answers at least
  // (a report can take longer than the smoke run's one second), after one to warm up.
  const report = async (route: string, path: string) => {
    await oneUser(base + path, headers, (requests) => requests >= 1);
    const end = performance.now() + duration * 1000;
    const row = await oneUser(
      base + path,
      headers,
      (requests) => requests >= 2 && performance.now() >= end,
    );
    const ratio = Number((row.p99 / Math.max(slotsP99, 1)).toFixed(2));
    log(
      `  ${route}: p99 ${row.p99} ms (${row.requests} pedidos) = ${ratio}× o p99 da lista de horários (${slotsP99} ms; orçamento ≤ 20×)${ratio > 20 ? ' — ACIMA DO ORÇAMENTO' : ''}`,
    );
    return { route, ...row, slotsP99, ratio };
  };
  const reports = [
    await report(
      'relatório: mês passado, clube (1 usuário)',
      `/api/backoffice/reports?${clubQuery}&period=last-month`,
    ),
    await report(
      'relatório: mês passado, lugar movimentado (1 usuário)',
      `/api/backoffice/reports?${clubQuery}&period=last-month&placeId=${club.busyPlaceId}`,
    ),
    await report(
      'relatório: tabela de espaços em CSV, mês passado (1 usuário)',
      `/api/backoffice/reports/places/export.csv?${clubQuery}&period=last-month`,
    ),
  ];
  const placesTable = await downloadCsv(
    `${base}/api/backoffice/reports/places/export.csv?${clubQuery}&period=last-month`,
    headers,
  );

  // The year's export, streamed while the other club's staff ask for their slots on one connection.
  const otherToken = await signIn(base, '/api/auth/login', otherClubStaff);
  const otherHeaders = { authorization: `Bearer ${otherToken}` };
  const otherSlots = `${base}/api/backoffice/appointment/${setup.otherPlaceId}/time-slots?date=${club.busyDate}`;
  const until = (ms: number) => {
    const end = performance.now() + ms;
    return () => performance.now() >= end;
  };
  await oneUser(otherSlots, otherHeaders, until(Math.min(2, duration) * 1000)); // warm-up
  const unloaded = await oneUser(otherSlots, otherHeaders, until(duration * 1000));
  const pid = server.process.pid!;
  const rssBefore = memoryOf(pid).rssMb;
  let rssMax = rssBefore;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, memoryOf(pid).rssMb);
  }, 100);
  let exporting = true;
  const started = performance.now();
  log(`  exportando os agendamentos de ${setup.year.from} a ${setup.year.to}…`);
  const loadedRun = oneUser(otherSlots, otherHeaders, () => !exporting);
  let exported: { rows: number; bytes: number };
  try {
    exported = await downloadCsv(
      `${base}/api/backoffice/appointment/export.csv?${yearQuery}`,
      headers,
    );
  } finally {
    exporting = false;
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const loaded = await loadedRun;
  rssMax = Math.max(rssMax, memoryOf(pid).rssMb);
  const yearExport = {
    from: setup.year.from,
    to: setup.year.to,
    rows: exported.rows,
    expectedRows: setup.yearAppointments,
    megabytes: Number((exported.bytes / 1e6).toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    rowsPerSecond: Math.round(exported.rows / Math.max(seconds, 0.001)),
    rssBeforeMb: Math.round(rssBefore),
    rssGrowthMb: Number((rssMax - rssBefore).toFixed(1)),
    otherClub: {
      unloaded,
      loaded,
      ratioP99: Number((loaded.p99 / Math.max(unloaded.p99, 1)).toFixed(2)),
    },
  };
  log(
    `  exportação de um ano: ${exported.rows} linhas (${yearExport.megabytes} MB) em ${yearExport.seconds} s; RSS do servidor +${yearExport.rssGrowthMb} MB (orçamento < 50 MB)${yearExport.rssGrowthMb >= 50 ? ' — ACIMA DO ORÇAMENTO' : ''}`,
  );
  log(
    `  outro clube durante a exportação: p99 ${loaded.p99} ms (${loaded.requests} pedidos) = ${yearExport.otherClub.ratioP99}× o seu p99 sozinho (${unloaded.p99} ms; orçamento ≤ 2×)${yearExport.otherClub.ratioP99 > 2 ? ' — ACIMA DO ORÇAMENTO' : ''}`,
  );

  const violations = [
    exported.rows !== setup.yearAppointments &&
      `a exportação de um ano tem ${exported.rows} linhas, o banco ${setup.yearAppointments} agendamentos`,
    placesTable.rows !== club.placeIds.length &&
      `a tabela de espaços tem ${placesTable.rows} linhas, o clube ${club.placeIds.length} espaços`,
    ...reports
      .filter((row) => row.failures > 0)
      .map((row) => `${row.route}: ${row.failures} respostas de erro`),
    unloaded.failures + loaded.failures > 0 &&
      `outro clube: ${unloaded.failures + loaded.failures} respostas de erro`,
  ].filter(Boolean);
  log(`  relatórios e exportação: ${((performance.now() - sectionStarted) / 1000).toFixed(1)} s`);
  if (violations.length > 0)
    throw new Error(`Invariantes dos relatórios violados: ${violations.join('; ')}`);
  return { reports, yearExport };
}
