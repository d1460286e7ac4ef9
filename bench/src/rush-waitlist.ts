// The waitlist row of the weekend rush: the busy day full, members join the lines of booked slots
// (two per slot, in order), the holders cancel spread over a minute (scaled), and the first in
// each line books the slot offered to them. Reports how many offers reached the first in line
// and the wait from a cancellation to its offer as a ratio to the same run's slot-list p50;
// throws when a freed slot is not offered and booked exactly once, to the first in line.
import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import type { RushMember } from './rush-database';
import { percentile } from './server';

type Booking = {
  id: string;
  place: { id: string };
  associate: { id: string };
  startsAt: string;
  status: string;
};
type Entry = { id: string; status: string; offerExpiresAt: string | null };

export type WaitlistRushResult = {
  cancellations: number;
  /** Offers the first in line saw and accepted (each freed slot once). */
  offersToFirst: number;
  booked: number;
  /** ms from a cancellation's request to its offer (the server's instant of the offer). */
  wait: { p50: number; p99: number };
  /** wait p50 / the rush's slot-list p50. */
  waitToSlotListRatio: number;
  seconds: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; json: T }> {
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as T };
}

/**
 * Runs the row on the rush's server. `cancellations`: how many of the day's bookings are
 * cancelled (200 for 2 000 members, scaled); `spreadMs`: over how long.
 */
export async function runWaitlistRush(options: {
  base: string;
  members: RushMember[];
  tokens: string[];
  date: string;
  placeIds: string[];
  cancellations: number;
  spreadMs: number;
  offerMinutes: number;
  slotListP50: number;
}): Promise<WaitlistRushResult> {
  const { base, members, tokens } = options;
  const started = performance.now();
  const tokenOf = new Map(members.map((member, index) => [member.id, tokens[index]!]));
  const places = new Set(options.placeIds);
  // The day's bookings, read by each title once (a title's members read the same list).
  const bookings = new Map<string, Booking>();
  const seenTitles = new Set<string>();
  for (const [index, member] of members.entries()) {
    if (seenTitles.has(member.titleId)) continue;
    seenTitles.add(member.titleId);
    const { json } = await call<{ items: Booking[] }>(
      base,
      tokens[index]!,
      'GET',
      '/api/portal/bookings',
    );
    for (const booking of json?.items ?? [])
      if (booking.status === 'SCHEDULED' && places.has(booking.place.id))
        bookings.set(booking.id, booking);
  }
  // A title's bookings by place: its quota there is spent (one a month), so it cannot be in line.
  const titleOf = new Map(members.map((member) => [member.id, member.titleId]));
  const holds = new Set(
    [...bookings.values()].map((b) => `${titleOf.get(b.associate.id)}|${b.place.id}`),
  );
  // Each title in one line at most (an accepted offer spends its quota at that place).
  const usedTitles = new Set<string>();
  const refusals: Record<string, number> = {};
  type Line = { booking: Booking; first: { member: RushMember; entryId: string } };
  const lines: Line[] = [];
  for (const booking of bookings.values()) {
    if (lines.length >= options.cancellations) break;
    if (!tokenOf.has(booking.associate.id)) continue;
    const joined: Array<{ member: RushMember; entryId: string }> = [];
    for (const member of members) {
      if (joined.length === 2) break;
      if (usedTitles.has(member.titleId) || holds.has(`${member.titleId}|${booking.place.id}`))
        continue;
      const { status, json } = await call<{ id: string; error?: string }>(
        base,
        tokenOf.get(member.id)!,
        'POST',
        '/api/portal/waitlists',
        { placeId: booking.place.id, startsAt: booking.startsAt },
      );
      if (status === 201) {
        joined.push({ member, entryId: json.id });
        usedTitles.add(member.titleId);
      } else refusals[json?.error ?? status] = (refusals[json?.error ?? status] ?? 0) + 1;
    }
    if (joined.length > 0) lines.push({ booking, first: joined[0]! });
  }
  if (lines.length === 0)
    throw new Error(
      `lista de espera: nenhum horário ocupado com fila (recusas: ${JSON.stringify(refusals)})`,
    );

  // The holders cancel, spread evenly; each first in line watches for the offer and accepts.
  const cancelledAt = new Map<string, number>();
  const waits: number[] = [];
  let offersToFirst = 0;
  let booked = 0;
  const deadline = Date.now() + options.spreadMs + 60_000;
  await Promise.all(
    lines.map(async (line, index) => {
      await sleep((options.spreadMs * index) / lines.length);
      const token = tokenOf.get(line.booking.associate.id)!;
      cancelledAt.set(line.booking.id, Date.now());
      const cancelled = await call(
        base,
        token,
        'PATCH',
        `/api/portal/bookings/${line.booking.id}/cancel`,
      );
      if (cancelled.status !== 200)
        throw new Error(`lista de espera: cancelamento respondeu ${cancelled.status}`);
      const waiterToken = tokenOf.get(line.first.member.id)!;
      while (Date.now() < deadline) {
        const { json } = await call<{ items: Entry[] }>(
          base,
          waiterToken,
          'GET',
          '/api/portal/waitlists',
        );
        const entry = json?.items.find((item) => item.id === line.first.entryId);
        if (entry?.status === 'OFFERED' && entry.offerExpiresAt) {
          offersToFirst += 1;
          const offeredAt = Math.min(
            Date.parse(entry.offerExpiresAt) - options.offerMinutes * 60_000,
            Date.now(),
          );
          waits.push(Math.max(0, offeredAt - cancelledAt.get(line.booking.id)!));
          const accepted = await call(
            base,
            waiterToken,
            'POST',
            `/api/portal/waitlists/${entry.id}/accept`,
          );
          if (accepted.status === 201) booked += 1;
          return;
        }
        await sleep(50);
      }
    }),
  );
  const sorted = [...waits].sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  return {
    cancellations: lines.length,
    offersToFirst,
    booked,
    wait: { p50, p99: percentile(sorted, 0.99) },
    waitToSlotListRatio: Number((p50 / Math.max(1, options.slotListP50)).toPrecision(2)),
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}

/**
 * Exact checks, the server stopped: every line of the day saw exactly one offer, taken by its
 * first (BOOKED, with the booking it made), nobody else was offered, and each freed slot holds
 * one booking. Throws when violated; answers the counts.
 */
export async function verifyWaitlistRush(
  db: Database,
  result: WaitlistRushResult,
  placeIds: string[],
) {
  const places = sql.raw(`array[${placeIds.map((id) => `'${id}'::uuid`).join(',')}]`);
  const [row] = await queryRows<{ booked: number; offeredOthers: number; lines: number }>(
    db,
    sql`select count(*) filter (where status = 'BOOKED' and appointment_id is not null)::int as booked,
        count(*) filter (where offered_at is not null and status <> 'BOOKED')::int as "offeredOthers",
        count(distinct (place_id, starts_at))::int as lines
      from waitlist_entries where place_id = any(${places})`,
  );
  const counts = {
    lines: row?.lines ?? -1,
    bookedFromOffers: row?.booked ?? -1,
    offeredToOthers: row?.offeredOthers ?? -1,
  };
  const violations = [
    result.offersToFirst !== result.cancellations &&
      `${result.cancellations - result.offersToFirst} vagas liberadas sem oferta ao primeiro da fila`,
    result.booked !== result.cancellations &&
      `${result.cancellations - result.booked} ofertas não viraram reserva`,
    counts.bookedFromOffers !== result.cancellations &&
      `${counts.bookedFromOffers} reservas por oferta no banco, ${result.cancellations} vagas liberadas`,
    counts.offeredToOthers !== 0 && `${counts.offeredToOthers} ofertas a quem não era o primeiro`,
  ].filter(Boolean);
  if (violations.length > 0)
    throw new Error(`Invariantes da lista de espera violados: ${violations.join('; ')}`);
  // The next run starts from empty lines.
  await db.execute(sql`delete from waitlist_entries where place_id = any(${places})`);
  return counts;
}
