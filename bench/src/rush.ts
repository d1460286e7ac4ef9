// The weekend rush: the club opens the booking window and its members, signed in on the portal,
// all ask at once for the courts of the busy day. Reports how fast the day fills, how long
// accepted and refused bookings take, and checks in the database afterwards that no slot is held
// twice and no title went over its quota (it throws when either is violated).
import { gunzipSync } from 'node:zlib';
import { Client, request } from 'undici';
import type { LargeClub } from './generate-large-club';
import { memberPassword, type RushMember } from './rush-database';
import {
  sentAtOf,
  stageSummary,
  stagesOf,
  summary,
  tenths,
  timedOf,
  type Sample,
  type StageSummary,
  type Stages,
} from './rush-samples';
import { percentile, signIn } from './server';

/** Signs every member in through the portal, a few at a time (argon2 is the cost). */
export async function signInMembers(base: string, members: RushMember[], concurrency = 8) {
  const tokens: string[] = new Array<string>(members.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      // Successful sign-ins are refunded by the login throttle, so at most `concurrency`
      // attempts count against the address at a time (its limit is 30).
      for (let index = next++; index < members.length; index = next++) {
        tokens[index] = await signIn(base, '/api/portal/auth/login', {
          cpf: members[index]!.cpf,
          password: memberPassword,
        });
      }
    }),
  );
  return { tokens, seconds: (performance.now() - started) / 1000 };
}
export type RushResult = {
  members: number;
  attemptsPerMember: number;
  slots: number;
  booked: number;
  full: boolean;
  /** From the first request to the booking that filled the day (or the last booking). */
  secondsToFull: number;
  /** When half and nine tenths of the day's slots were taken (null when never). */
  secondsToHalf: number | null;
  secondsToNineTenths: number | null;
  bookingsPerSecond: number;
  totalSeconds: number;
  requests: number;
  slotLists: { count: number; p50: number; p99: number };
  accepted: { count: number; p50: number; p99: number };
  refused: { count: number; p50: number; p99: number; byCode: Record<string, number> };
  /**
   * The refusals sent in the rush's first second (while the server takes in the first two
   * thousand requests) and those sent after it, apart: where the refused tail comes from.
   */
  refusedBySecond: {
    first: { count: number; p50: number; p99: number };
    after: { count: number; p50: number; p99: number };
  };
  /**
   * Where refused and accepted bookings spent their time, p50/p99 of each stage: on their way to
   * the server, before their turn on it (authentication, reading), waiting for it, in it, and on
   * their answer's way back until the client read it (`Stages`).
   */
  stages: { refused: StageSummary; accepted: StageSummary };
  /** The five slowest refusals, stage by stage (ms), and when each was sent (s into the rush). */
  slowestRefused: Array<Stages & { ms: number; sentAt: number }>;
  /**
   * How late the benchmark's own event loop ran its callbacks during the rush (ms, p99 and the
   * longest, and the five longest stalls with when they ended, s into the rush): an answer that
   * arrived during a stall was measured that much later than it came.
   */
  clientLoopDelay: { p99: number; max: number; longest: Array<{ ms: number; at: number }> };
  serverErrors: number;
  /** Requests that got no answer at all, by the client's cause (connect timeout, reset…). */
  transportErrors: Record<string, number>;
  otherStatuses: Record<string, number>;
};
/**
 * Every member at once, as the portal's place page behaves: look at the free slots of the family's
 * favourite court on `date` and book one; when refused because it was taken meanwhile, read the
 * court's slots again (the page does after every attempt) and book a slot still free; the next
 * court when none is left or the title's quota there is used. Each member sends at most `attempts`
 * bookings and looks at most `attempts` courts.
 */
export async function runRush(options: {
  base: string;
  club: LargeClub;
  members: RushMember[];
  tokens: string[];
  date: string;
  attempts: number;
  slotsPerPlace: number;
}): Promise<RushResult> {
  const { base, club, members, tokens, date, attempts } = options;
  const places = club.benchPlaceIds;
  const slots = places.length * options.slotsPerPlace;
  const lists: Sample[] = [];
  const accepted: Sample[] = [];
  const refused: Sample[] = [];
  const byCode: Record<string, number> = {};
  const otherStatuses: Record<string, number> = {};
  const transportErrors: Record<string, number> = {};
  let serverErrors = 0;
  let fullAt: number | null = null;
  // Every member on a connection of their own, kept open between their requests, as each phone
  // has its own. (One pool shared by all members handed a connection that came free to whichever
  // request had waited longest: a member's booking then waited for a connection still being
  // opened, and the measure included the server accepting two thousand of them.)
  const phones = members.map(() => new Client(base, { keepAliveTimeout: 60_000, pipelining: 1 }));
  const started = performance.now();
  // A tick every 5 ms: how much later than that each one ran.
  const stalls: Array<{ ms: number; at: number }> = [];
  let tickedAt = started;
  const ticker = setInterval(() => {
    const now = performance.now();
    stalls.push({ ms: Math.max(0, now - tickedAt - 5), at: (now - started) / 1000 });
    tickedAt = now;
  }, 5);

  /**
   * A request; a connection the client could not open or lost answers status 0 (an error). Sent
   * with undici's request API rather than fetch: the client shares the machine's two cores with
   * the server and the database, and fetch's streams cost it more CPU than the server's answers.
   * It asks for gzip, as a phone's browser does, and unpacks what comes compressed.
   */
  const call = async (phone: Client, token: string, path: string, body?: unknown) => {
    const sent = performance.now();
    let status = 0;
    let json: Record<string, unknown> = {};
    let timing: unknown;
    try {
      const response = await request(base + path, {
        dispatcher: phone,
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'gzip',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : null,
      });
      const raw = Buffer.from(await response.body.arrayBuffer());
      const text = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      json = JSON.parse(text.toString('utf8')) as Record<string, unknown>;
      status = response.statusCode;
      timing = response.headers['server-timing'];
    } catch (error) {
      const { code, cause } = error as { code?: string; cause?: { code?: string } };
      const reason = code ?? cause?.code ?? String(error);
      transportErrors[reason] = (transportErrors[reason] ?? 0) + 1;
    }
    const now = performance.now();
    if (status >= 500) serverErrors += 1;
    const stages = stagesOf(timing, now - sent, performance.timeOrigin + now);
    return { status, json, sample: { ms: now - sent, at: now - started, stages } };
  };
  const other = (status: number) => {
    otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
  };

  /** A place's free slots on `date`, in the order this member would tap them; null when refused. */
  const freeSlots = async (phone: Client, token: string, placeId: string) => {
    const list = await call(phone, token, `/api/portal/places/${placeId}/slots?date=${date}`);
    if (list.status !== 200) {
      if (list.status !== 0) other(list.status);
      return null;
    }
    lists.push(list.sample);
    return (list.json.items as Array<{ startsAt: string; state: string }>)
      .filter((slot) => slot.state === 'free')
      .map((slot) => ({ slot, order: Math.random() }))
      .sort((a, b) => a.order - b.order)
      .map(({ slot }) => slot);
  };

  const rush = async (member: RushMember, token: string, phone: Client) => {
    // A family's favourite court: members of one title start on the same one.
    let favourite = 0;
    for (const char of member.titleId) favourite = (favourite * 31 + char.charCodeAt(0)) >>> 0;
    let sent = 0;
    for (let look = 0; look < Math.min(attempts, places.length) && sent < attempts; look += 1) {
      const placeId = places[(favourite + look) % places.length]!;
      let free = await freeSlots(phone, token, placeId);
      while (free && free.length > 0 && sent < attempts) {
        sent += 1;
        const booking = await call(phone, token, '/api/portal/bookings', {
          placeId,
          startsAt: free[0]!.startsAt,
        });
        if (booking.status === 201) {
          accepted.push(booking.sample);
          if (accepted.length === slots) fullAt = booking.sample.at;
          return;
        }
        if (booking.status === 409 || booking.status === 422) {
          refused.push(booking.sample);
          const code = String(booking.json.error);
          byCode[code] = (byCode[code] ?? 0) + 1;
          if (booking.status === 422) break; // the title's quota of this court: the next court
          // Taken meanwhile: the portal reads the court's slots again after every attempt, and
          // the member taps a slot that list shows free.
          free = await freeSlots(phone, token, placeId);
          continue;
        }
        if (booking.status !== 0) other(booking.status);
        free = free.slice(1);
      }
    }
  };

  await Promise.all(members.map((member, index) => rush(member, tokens[index]!, phones[index]!)));
  const totalSeconds = (performance.now() - started) / 1000;
  // Every booking's answer says where its time went (the server runs with SERVER_TIMING); none
  // that does means the header's form changed under stagesOf, and the stages would read as zeros.
  if (accepted.length > 0 && timedOf(accepted).length === 0)
    throw new Error('as respostas não dizem onde o tempo foi gasto (Server-Timing ilegível)');
  clearInterval(ticker);
  await Promise.all(phones.map((phone) => phone.close()));
  const lastBooking = Math.max(0, ...accepted.map((sample) => sample.at));
  const secondsToFull = (fullAt ?? lastBooking) / 1000;
  const bookedAt = accepted.map((sample) => sample.at).sort((a, b) => a - b);
  const secondsToShare = (share: number) => {
    const at = bookedAt[Math.ceil(slots * share) - 1];
    return at === undefined ? null : Number((at / 1000).toFixed(2));
  };
  return {
    members: members.length,
    attemptsPerMember: attempts,
    slots,
    booked: accepted.length,
    full: fullAt !== null,
    secondsToFull,
    secondsToHalf: secondsToShare(0.5),
    secondsToNineTenths: secondsToShare(0.9),
    bookingsPerSecond: secondsToFull > 0 ? accepted.length / secondsToFull : 0,
    totalSeconds,
    requests: lists.length + accepted.length + refused.length,
    slotLists: summary(lists),
    accepted: summary(accepted),
    refused: { ...summary(refused), byCode },
    refusedBySecond: {
      first: summary(refused.filter((sample) => sentAtOf(sample) < 1000)),
      after: summary(refused.filter((sample) => sentAtOf(sample) >= 1000)),
    },
    stages: { refused: stageSummary(refused), accepted: stageSummary(accepted) },
    slowestRefused: timedOf(refused)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((sample) => ({
        ms: Math.round(sample.ms),
        toServer: tenths(sample.stages.toServer),
        pre: tenths(sample.stages.pre),
        queue: tenths(sample.stages.queue),
        turn: tenths(sample.stages.turn),
        toClient: tenths(sample.stages.toClient),
        sentAt: Number((sentAtOf(sample) / 1000).toFixed(2)),
      })),
    clientLoopDelay: {
      p99: Math.round(
        percentile(
          stalls.map((stall) => stall.ms).sort((a, b) => a - b),
          0.99,
        ),
      ),
      max: Math.round(Math.max(0, ...stalls.map((stall) => stall.ms))),
      longest: [...stalls]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((stall) => ({ ms: Math.round(stall.ms), at: Number(stall.at.toFixed(2)) })),
    },
    serverErrors,
    transportErrors,
    otherStatuses,
  };
}
