import { benchPlaceSlotsPerDay } from './generate-large-club';
import { runRush, signInMembers, type RushResult } from './rush';
import { prepareRush, verifyRush, type RushInvariants } from './rush-database';
import { cpuSecondsOf, openBenchDatabase, startServer, stopServer } from './server';
import { log, port, values } from './api-bench-options';
import type { Prepared } from './bench-database';
import { runWaitlistRush, verifyWaitlistRush, type WaitlistRushResult } from './rush-waitlist';

/** The waitlist row's size for 2 000 members: 200 cancellations over a minute (scaled). */
const waitlistRow = { members: 2000, cancellations: 200, spreadMs: 60_000, offerMinutes: 15 };

/**
 * The weekend rush (bench/src/rush.ts) on the busy Saturday: set up in the database with the server
 * stopped (PGlite has one process), the rush on a fresh server, the invariants checked once it has
 * stopped again.
 */
export async function rushScenario({ env, club }: Prepared) {
  const members = Number(values.members);
  const attempts = Number(values.attempts);
  const date = club.busyDate;
  let database = await openBenchDatabase(env);
  const rushMembers = await prepareRush(database.db, club, members).finally(() => database.close());
  // Each answer then says where the server spent its time (Server-Timing), reported by stage.
  const server = await startServer({ ...env, SERVER_TIMING: 'true' }, port);
  let result: RushResult;
  let signInSeconds: number;
  let cpuSeconds: Record<string, number> | null = null;
  let waitlist: WaitlistRushResult;
  try {
    log(`Corrida: ${members} associados entrando pelo portal…`);
    const { tokens, seconds } = await signInMembers(server.base, rushMembers);
    signInSeconds = seconds;
    log(
      `  ${members} sessões em ${seconds.toFixed(1)} s; ${members} associados pedem os horários de ${date} ao mesmo tempo`,
    );
    const cpuBefore = cpuSecondsOf(server.process.pid);
    result = await runRush({
      base: server.base,
      club,
      members: rushMembers,
      tokens,
      date,
      attempts,
      slotsPerPlace: benchPlaceSlotsPerDay,
    });
    const cpuAfter = cpuSecondsOf(server.process.pid);
    if (cpuBefore && cpuAfter)
      cpuSeconds = Object.fromEntries(
        Object.entries(cpuAfter).map(([group, seconds]) => [
          group,
          Number((seconds - cpuBefore[group as keyof typeof cpuBefore]).toFixed(2)),
        ]),
      );
    const share = members / waitlistRow.members;
    log(
      `Lista de espera: cancelamentos espalhados em ${((waitlistRow.spreadMs * share) / 1000).toFixed(1)} s…`,
    );
    waitlist = await runWaitlistRush({
      base: server.base,
      members: rushMembers,
      tokens,
      date,
      placeIds: club.benchPlaceIds,
      cancellations: Math.max(1, Math.round(waitlistRow.cancellations * share)),
      spreadMs: waitlistRow.spreadMs * share,
      offerMinutes: waitlistRow.offerMinutes,
      slotListP50: result.slotLists.p50,
    });
  } finally {
    await stopServer(server);
  }
  database = await openBenchDatabase(env);
  let invariants: RushInvariants;
  let waitlistInvariants: Awaited<ReturnType<typeof verifyWaitlistRush>>;
  try {
    invariants = await verifyRush(database.db, club, date, result.booked);
    waitlistInvariants = await verifyWaitlistRush(database.db, waitlist, club.benchPlaceIds);
  } finally {
    await database.close();
  }
  console.table([
    {
      'reservas/s': Math.round(result.bookingsPerSecond),
      dia: `${result.booked}/${result.slots}${result.full ? ' (cheio)' : ''}`,
      's até encher': Number(result.secondsToFull.toFixed(2)),
      's até metade, 90%': `${result.secondsToHalf ?? '–'}, ${result.secondsToNineTenths ?? '–'}`,
      'aceitas p50/p99': `${result.accepted.p50}/${result.accepted.p99}`,
      'recusadas p50/p99': `${result.refused.p50}/${result.refused.p99}`,
      'horários p50/p99': `${result.slotLists.p50}/${result.slotLists.p99}`,
      recusadas: result.refused.count,
      '5xx': result.serverErrors,
      'sem resposta': Object.values(result.transportErrors).reduce((sum, n) => sum + n, 0),
    },
  ]);
  console.table([
    {
      cancelamentos: waitlist.cancellations,
      'ofertas ao 1º da fila': waitlist.offersToFirst,
      'reservadas pela oferta': waitlist.booked,
      'espera até a oferta p50/p99 (ms)': `${waitlist.wait.p50}/${waitlist.wait.p99}`,
      'espera p50 ÷ horários p50': waitlist.waitToSlotListRatio,
    },
  ]);
  log(`  lista de espera, invariantes exatos: ${JSON.stringify(waitlistInvariants)}`);
  log(
    `  recusas: ${JSON.stringify(result.refused.byCode)}; sem resposta: ${JSON.stringify(result.transportErrors)}; outros status: ${JSON.stringify(result.otherStatuses)}; invariantes exatos: ${JSON.stringify(invariants)}`,
  );
  const { first, after } = result.refusedBySecond;
  log(
    `  recusadas enviadas no primeiro segundo: ${first.count}, p50/p99 ${first.p50}/${first.p99} ms; depois dele: ${after.count}, p50/p99 ${after.p50}/${after.p99} ms`,
  );
  const stageNames = {
    toServer: 'até o servidor',
    pre: 'antes',
    queue: 'esperando',
    turn: 'na vez',
    toClient: 'de volta',
  };
  const stages = (name: string, stage: RushResult['stages']['refused']) =>
    `${name}: ${Object.entries(stage)
      .map(([key, { p50, p99 }]) => `${stageNames[key as keyof typeof stageNames]} ${p50}/${p99}`)
      .join(' · ')}`;
  log(
    `  ms por etapa, p50/p99 (a caminho até o servidor ler o pedido, antes da vez no servidor, esperando a vez, na vez, de volta até o cliente ler a resposta): ${stages('recusadas', result.stages.refused)}; ${stages('aceitas', result.stages.accepted)}`,
  );
  log(
    `  as 5 recusas mais lentas (ms: total = até o servidor + antes + esperando + na vez + de volta, @ s): ${result.slowestRefused
      .map(
        (slow) =>
          `${slow.ms} = ${slow.toServer} + ${slow.pre} + ${slow.queue} + ${slow.turn} + ${slow.toClient} @${slow.sentAt}`,
      )
      .join('; ')}`,
  );
  if (cpuSeconds)
    log(
      `  CPU durante a corrida (s): cliente ${cpuSeconds.client}, servidor ${cpuSeconds.server}, PostgreSQL ${cpuSeconds.postgres}, em ${result.totalSeconds.toFixed(1)} s`,
    );
  log(
    `  atraso do laço de eventos do cliente (ms): p99 ${result.clientLoopDelay.p99}, máximo ${result.clientLoopDelay.max}; os maiores (ms @ s): ${result.clientLoopDelay.longest.map((stall) => `${stall.ms} @${stall.at}`).join(', ')}`,
  );
  return {
    date,
    signInSeconds: Number(signInSeconds.toFixed(1)),
    ...result,
    cpuSeconds,
    invariants,
    waitlist: { ...waitlist, invariants: waitlistInvariants },
  };
}
