// `npm run bench -- --scenario fairness`: one club floods the server (the large club's staff asking
// for its busiest place's slots over --connections connections, 64 by default) while a small
// club's staff asks for its own place's slots on one connection. The small club's p50 and p99
// under the flood against the same requests with the server otherwise idle, in one run: the
// ratio is the figure (budget: p99 within 3×, docs/decisions/025).
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '@clube/db';
import { createCompany, createStaff } from '@clube/api';
import type { LargeClub } from './generate-large-club';
import { largeClubStaff, timezone } from './generate-large-club';
import { openBenchDatabase, signIn, startServer, stopServer } from './server';

type Options = {
  env: Record<string, string>;
  club: LargeClub;
  port: number;
  connections: number;
  duration: number;
  log: (line: string) => void;
};

export const otherClubStaff = { cpf: '390.533.447-05', password: 'benchmark123' } as const;

/** A small club with one place open 07:00–22:00 (no bookings): the club that is not flooding. */
export async function createOtherClub(env: Record<string, string>): Promise<string> {
  const database = await openBenchDatabase(env);
  try {
    const { db } = database;
    const existing = await queryRows<{ id: string }>(
      db,
      sql`select p.id from places p join companies c on c.id = p.company_id where c.name = 'Clube Vizinho (benchmark)'`,
    );
    if (existing[0]) return existing[0].id;
    const company = await createCompany(db, { name: 'Clube Vizinho (benchmark)', timezone });
    await createStaff(db, { ...otherClubStaff, name: 'Staff Vizinho', companyId: company.id });
    await db.execute(sql`
      insert into operating_hours (company_id, day_of_week, open_time, close_time)
      select ${company.id}, day, '06:00', '23:00'
      from unnest(array['DOMINGO','SEGUNDA','TERCA','QUARTA','QUINTA','SEXTA','SABADO']) day`);
    const [category] = await queryRows<{ id: string }>(
      db,
      sql`insert into categories (company_id, name) values (${company.id}, 'Quadras') returning id`,
    );
    const [place] = await queryRows<{ id: string }>(
      db,
      sql`insert into places (company_id, category_id, name, description, starts_at, ends_at, book_range,
            associate_reservation_limit, available_booking_days, age_restriction, max_cancel_booking_time)
          values (${company.id}, ${category!.id}, 'Quadra 1', 'Quadra do clube vizinho.', '07:00', '22:00', 60, 0, 30, 0, 2)
          returning id`,
    );
    return place!.id;
  } finally {
    await database.close();
  }
}

const latencies = (result: autocannon.Result) => ({
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
});

export async function fairnessScenario({ env, club, port, connections, duration, log }: Options) {
  const otherPlaceId = await createOtherClub(env);
  const server = await startServer(env, port);
  try {
    const floodToken = await signIn(server.base, '/api/auth/login', largeClubStaff);
    const otherToken = await signIn(server.base, '/api/auth/login', otherClubStaff);
    const flood: autocannon.Options = {
      url: `${server.base}/api/backoffice/appointment/${club.busyPlaceId}/time-slots?date=${club.busyDate}`,
      connections,
      duration: duration + 2,
      headers: { authorization: `Bearer ${floodToken}` },
      // The flood's client runs on its own thread: on the measuring thread its 64 connections'
      // answers would delay the reading of the other club's, and that delay is the client's.
      workers: 1,
    };
    const other: autocannon.Options = {
      url: `${server.base}/api/backoffice/appointment/${otherPlaceId}/time-slots?date=${club.busyDate}`,
      connections: 1,
      duration,
      headers: { authorization: `Bearer ${otherToken}` },
    };
    log(`Justiça entre clubes: ${connections} conexões de um clube, 1 de outro, ${duration} s…`);
    await autocannon({ ...other, duration: 2 }); // warm-up
    const unloaded = await autocannon(other);
    const flooding = autocannon(flood);
    // The flood's first second is its ramp-up; the other club is measured once it is at strength.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const loaded = await autocannon(other);
    const floodResult = await flooding;
    const row = {
      connections,
      durationSeconds: duration,
      unloaded: latencies(unloaded),
      loaded: latencies(loaded),
      flood: { ...latencies(floodResult), requestsPerSecond: floodResult.requests.average },
      ratioP50: Number((loaded.latency.p50 / Math.max(unloaded.latency.p50, 1)).toFixed(2)),
      ratioP99: Number((loaded.latency.p99 / Math.max(unloaded.latency.p99, 1)).toFixed(2)),
    };
    console.table([
      {
        'outro clube sozinho p50/p99': `${row.unloaded.p50}/${row.unloaded.p99}`,
        'sob a enxurrada p50/p99': `${row.loaded.p50}/${row.loaded.p99}`,
        'razão p50': row.ratioP50,
        'razão p99': row.ratioP99,
        'enxurrada req/s': Math.round(row.flood.requestsPerSecond),
        'enxurrada p99': row.flood.p99,
        'não-2xx': row.unloaded.non2xx + row.loaded.non2xx + row.flood.non2xx,
      },
    ]);
    log(
      `  p99 do outro clube sob a enxurrada: ${row.ratioP99}× o seu p99 sozinho (orçamento ≤ 3×)${row.ratioP99 > 3 ? ' — ACIMA DO ORÇAMENTO' : ''}`,
    );
    return row;
  } finally {
    await stopServer(server);
  }
}
