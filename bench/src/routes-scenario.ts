import autocannon from 'autocannon';
import { clubInstant, timeOfMinutes } from '@clube/shared';
import { largeClubStaff, timezone } from './generate-large-club';
import { memoryOf, signIn, startServer, stopServer } from './server';
import { connections, duration, log, port } from './api-bench-options';
import { measure } from './measure';
import { measureReportRows, prepareReportRows } from './reports-rows';
import type { Prepared } from './bench-database';
import { measureClosureSave } from './special-day-save';
import { seriesPreviewBody, seriesSaveBodies } from './series-bench';

/** Each route under load, one after the other, on one server. */
export async function routesScenario({ env, club }: Prepared) {
  const reportSetup = await prepareReportRows(env, club);
  const server = await startServer(env, port);
  const { base, startupMs } = server;
  try {
    const idle = memoryOf(server.process.pid!);
    // Signed in again before each phase after the first: at full scale the phases outlast the
    // staff's access token, and a request past it would be answered 401.
    const signedIn = async () => ({
      authorization: `Bearer ${await signIn(base, '/api/auth/login', largeClubStaff)}`,
      'content-type': 'application/json',
    });
    let headers = await signedIn();
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
      // The front desk's day sheet: every place of the club, one user (budget: p99 within 14 ×
      // health's, docs/performance.md).
      await measure('quadro do dia (200 lugares, 1 usuário)', {
        ...get(`/api/backoffice/day-sheet?companyId=${club.companyId}&date=${club.busyDate}`),
        connections: 1,
      }),
      // The audit trail's page for one user against the slot list's for one user, in this run:
      // the trail's p99 must stay within 5× the list's (a ratio; docs/performance.md).
      await measure('time slots (1 usuário)', {
        ...get(`/api/backoffice/appointment/${club.busyPlaceId}/time-slots?date=${club.busyDate}`),
        connections: 1,
      }),
      await measure('auditoria: primeira página (1 usuário)', {
        ...get(`/api/backoffice/audit?companyId=${club.companyId}&take=50`),
        connections: 1,
      }),
      await measure('auditoria: histórico do lugar movimentado (1 usuário)', {
        ...get(
          `/api/backoffice/audit?companyId=${club.companyId}&placeId=${club.busyPlaceId}&take=50`,
        ),
        connections: 1,
      }),
      await measure('auditoria: cancelamentos de um mês (1 usuário)', {
        ...get(
          `/api/backoffice/audit?companyId=${club.companyId}&action=appointment.cancel&from=${club.busyDate.slice(0, 8)}01&to=${club.busyDate}&take=50`,
        ),
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

    const slotsP99 = rows.find((row) => row.route === 'time slots (1 usuário)')!.p99;
    headers = await signedIn();
    const reports = await measureReportRows({
      server,
      headers,
      club,
      setup: reportSetup,
      slotsP99,
    });

    // Bookings on distinct free slots of the bench places, each with every rule checked.
    const bodies: string[] = [];
    for (let day = 1; day <= 28 && bodies.length < 60_000; day += 1) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      // Hour by hour across the places: concurrent bookings spread over the places as staff's
      // would. (Place by place, 32 connections would queue on one place's lock: bookings of one
      // place are serialised by design.)
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
    headers = await signedIn();
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

    // Saving a category's closure over the busy Saturday (its bookings kept), by one user: its
    // p99 as a ratio to the slot list's (1 user) in this run.
    headers = await signedIn();
    const closure = await measureClosureSave({
      base,
      headers,
      companyId: club.companyId,
      busyPlaceId: club.busyPlaceId,
      busyDate: club.busyDate,
      duration,
    });
    rows.push({
      route: `dia especial: fechamento sobre ${closure.bookings} agendamentos (1 usuário, ${closure.saves} gravações)`,
      requestsPerSecond: closure.saves / duration,
      p50: closure.p50,
      p99: closure.p99,
      ratioToHealth: null,
      errors: 0,
      non2xx: 0,
      result: undefined as unknown as autocannon.Result,
    });

    headers = await signedIn();
    // A semester series (2 weekdays × 20 weeks), one user: its preview again and again, then
    // saves of distinct series, each as a ratio to the same run's slot list (below).
    rows.push(
      await measure('série: prévia de 2 dias × 20 semanas (1 usuário)', {
        url: `${base}/api/backoffice/series/preview`,
        method: 'POST',
        connections: 1,
        duration,
        headers,
        body: seriesPreviewBody(club),
      }),
    );
    // Each save books its own series once: no warm-up, which would take the bodies' slots.
    const saves = seriesSaveBodies(club);
    let nextSave = 0;
    const saving = await autocannon({
      url: `${base}/api/backoffice/series`,
      method: 'POST',
      connections: 1,
      duration,
      headers,
      amount: saves.length,
      requests: [
        { setupRequest: (request) => ({ ...request, body: saves[nextSave++ % saves.length] }) },
      ],
    });
    log(
      `  série: salvar: ${saving.requests.average.toFixed(0)} req/s, p99 ${saving.latency.p99} ms`,
    );
    rows.push({
      route: `série: salvar 2 dias × 20 semanas (1 usuário, ${Math.min(nextSave, saves.length)} séries)`,
      requestsPerSecond: saving.requests.average,
      p50: saving.latency.p50,
      p99: saving.latency.p99,
      ratioToHealth: null,
      errors: saving.errors + saving.timeouts,
      non2xx: saving.non2xx,
      result: saving,
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
    const memory = memoryOf(server.process.pid!);

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
    const auditRatios = rows
      .filter((row) => row.route.startsWith('auditoria:'))
      .map((row) => ({
        route: row.route,
        p99: row.p99,
        slotsP99,
        ratio: row.p99 / Math.max(slotsP99, 1),
      }));
    const closureRatio = {
      bookings: closure.bookings,
      p99: closure.p99,
      slotsP99,
      ratio: closure.p99 / Math.max(slotsP99, 1),
    };
    log(
      `  dia especial sobre ${closure.bookings} agendamentos: p99 ${closure.p99} ms = ${closureRatio.ratio.toFixed(2)}× o p99 da lista de horários (${slotsP99} ms)`,
    );
    for (const audit of auditRatios)
      log(
        `  ${audit.route}: p99 ${audit.p99} ms = ${audit.ratio.toFixed(2)}× o p99 da lista de horários (${audit.slotsP99} ms; orçamento ≤ 5×)${audit.ratio > 5 ? ' — ACIMA DO ORÇAMENTO' : ''}`,
      );
    const seriesRatios = rows
      .filter((row) => row.route.startsWith('série:'))
      .map((row) => ({
        route: row.route,
        p99: row.p99,
        slotsP99,
        ratio: row.p99 / Math.max(slotsP99, 1),
      }));
    for (const series of seriesRatios)
      log(
        `  ${series.route}: p99 ${series.p99} ms = ${series.ratio.toFixed(2)}× o p99 da lista de horários (${series.slotsP99} ms)`,
      );
    log(
      `Início do servidor até /api/health: ${startupMs.toFixed(0)} ms · RSS ocioso ${idle.rssMb.toFixed(0)} MB · pico de RSS ${memory.peakRssMb.toFixed(0)} MB`,
    );
    return {
      connections,
      durationSeconds: duration,
      startupMs: Math.round(startupMs),
      idleRssMb: Math.round(idle.rssMb),
      peakRssMb: Math.round(memory.peakRssMb),
      routes: [...rows, login].map(({ result: _result, ...row }) => row),
      auditRatios,
      ...reports,
      closureRatio,
      seriesRatios,
    };
  } finally {
    await stopServer(server);
  }
}
