// The weekend rush: the club opens the booking window and its members, signed in on the portal,
// all ask at once for the courts of the busy day. Reports how fast the day fills, how long
// accepted and refused bookings take, and checks in the database afterwards that no slot is held
// twice and no title went over its quota (it throws when either is violated).
import { queryRows, type Database } from '@clube/db';
import { clubDayRange, hashPassword } from '@clube/api';
import { sql } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { Client, request } from 'undici';
import { timezone, type LargeClub } from './generate-large-club';
import { percentile, signIn } from './server';

/** Bookings a title may hold per bench place and month during the rush. */
export const rushQuota = 1;
const memberPassword = 'corrida-de-sabado';
const occupying = sql.raw(`('SCHEDULED', 'CHECKED_IN', 'NO_SHOW')`);
const uuids = (ids: string[]) => sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`);

export type RushMember = { id: string; cpf: string; titleId: string };

/** Deletes every booking of the bench places (they are the benchmark's, made by an earlier run). */
export async function clearBenchBookings(db: Database, club: LargeClub) {
  await db.execute(
    sql`delete from appointments where place_id = any(${uuids(club.benchPlaceIds)})`,
  );
}

/**
 * Straight in the database, before the server starts: the bench places empty and under a quota,
 * and `count` members with a portal password (one argon2 hash, computed once, for all of them).
 * Members are taken title by title, so the two or three members of a family rush together for
 * the same quota.
 */
export async function prepareRush(
  db: Database,
  club: LargeClub,
  count: number,
): Promise<RushMember[]> {
  await clearBenchBookings(db, club);
  await db.execute(
    sql`update places set associate_reservation_limit = ${rushQuota} where id = any(${uuids(club.benchPlaceIds)})`,
  );
  const members = await queryRows<RushMember>(
    db,
    sql`select id, cpf, associate_title_id as "titleId" from associates
        where company_id = ${club.companyId} and not blocked
        order by associate_title_id, card_id limit ${count}`,
  );
  if (members.length < count)
    throw new Error(`o clube tem ${members.length} associados, menos que ${count}`);
  const passwordHash = await hashPassword(memberPassword);
  await db.execute(
    sql`update associates set password_hash = ${passwordHash} where id = any(${uuids(members.map((member) => member.id))})`,
  );
  // The last run's bookings, just deleted, and the passwords just rewritten leave dead rows where
  // the rush reads (the bench places' days, the members): without a vacuum each run of a kept
  // club starts a little slower than the one before.
  await db.execute(sql`vacuum analyze appointments, associates, audit_events`);
  return members;
}

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

/**
 * Where a request spent its time, in ms: on its way to the server until the server routed it
 * (the client writing it, the network, the server's socket), before its turn, waiting for it and
 * in it (the server's Server-Timing header), and on its way back until the client read the answer
 * (from the server's `sent` stamp: client and server read one clock on this machine).
 */
type Stages = { toServer: number; pre: number; queue: number; turn: number; toClient: number };
type Sample = { ms: number; at: number; stages: Stages | null };

/**
 * The stages of a request that took `ms` and whose answer the client read at `readAt` (Unix
 * epoch, ms), from its `Server-Timing: pre;dur=1.0, queue;dur=2.0, turn;dur=3.0,
 * sent;desc="1764213000000.00"` header; null without one.
 */
function stagesOf(header: unknown, ms: number, readAt: number): Stages | null {
  const durations = Object.fromEntries(
    [...String(header ?? '').matchAll(/(\w+);dur=([\d.]+)/g)].map(([, name, value]) => [
      name,
      Number(value),
    ]),
  );
  const sent = /sent;desc="([\d.]+)"/.exec(String(header ?? ''))?.[1];
  const { pre, queue, turn } = durations;
  if (pre === undefined || queue === undefined || turn === undefined || sent === undefined)
    return null;
  // Two readings of one clock in two processes can differ by a fraction of a millisecond.
  const toClient = Math.min(Math.max(0, readAt - Number(sent)), ms - pre - queue - turn);
  return { toServer: ms - pre - queue - turn - toClient, pre, queue, turn, toClient };
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

const summary = (samples: Sample[]) => {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
  };
};

type StageSummary = Record<keyof Stages, { p50: number; p99: number }>;

type TimedSample = Sample & { stages: Stages };

/** The samples whose answer said where the server spent its time. */
const timedOf = (samples: Sample[]) =>
  samples.filter((sample): sample is TimedSample => sample.stages !== null);

/** When a sample's request was sent, in ms into the rush. */
const sentAtOf = (sample: Sample) => sample.at - sample.ms;

/** Milliseconds to a tenth, as the report shows them. */
const tenths = (ms: number) => Number(ms.toFixed(1));

const stageSummary = (samples: Sample[]): StageSummary => {
  const timed = timedOf(samples);
  const of = (value: (sample: TimedSample) => number) => {
    const sorted = timed.map(value).sort((a, b) => a - b);
    return {
      p50: tenths(percentile(sorted, 0.5)),
      p99: tenths(percentile(sorted, 0.99)),
    };
  };
  return {
    toServer: of((sample) => sample.stages.toServer),
    pre: of((sample) => sample.stages.pre),
    queue: of((sample) => sample.stages.queue),
    turn: of((sample) => sample.stages.turn),
    toClient: of((sample) => sample.stages.toClient),
  };
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

export type RushInvariants = {
  slotsHeldTwice: number;
  titlesOverQuota: number;
  bookingsOfTheDay: number;
};

/**
 * Exact checks in the database, the server stopped: no two occupying bookings of a bench place
 * overlap, no title holds more bookings of a bench place in the rush's month than its quota, and
 * the day holds exactly the bookings the members were told were made. Restores the bench places'
 * quota (none). Throws when an invariant is violated.
 */
export async function verifyRush(
  db: Database,
  club: LargeClub,
  date: string,
  booked: number,
): Promise<RushInvariants> {
  const places = uuids(club.benchPlaceIds);
  const [overlaps] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from appointments a
        join appointments b on b.place_id = a.place_id and b.id > a.id
          and tstzrange(b.starts_at, b.ends_at) && tstzrange(a.starts_at, a.ends_at)
          and b.status in ${occupying}
        where a.place_id = any(${places}) and a.status in ${occupying}`,
  );
  const [overQuota] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (
          select a.associate_title_id, a.place_id
          from appointments a join places p on p.id = a.place_id
          where a.place_id = any(${places}) and a.status in ${occupying}
            and p.associate_reservation_limit > 0
          group by a.associate_title_id, a.place_id, p.associate_reservation_limit,
            date_trunc('month', a.starts_at at time zone ${timezone})
          having count(*) > p.associate_reservation_limit) over`,
  );
  const day = clubDayRange(date, timezone);
  const [ofTheDay] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from appointments
        where place_id = any(${places}) and status in ${occupying}
          and starts_at >= ${day.startsAt.toISOString()}::timestamptz
          and starts_at < ${day.endsAt.toISOString()}::timestamptz`,
  );
  await db.execute(
    sql`update places set associate_reservation_limit = 0 where id = any(${places})`,
  );
  const invariants = {
    slotsHeldTwice: overlaps?.count ?? -1,
    titlesOverQuota: overQuota?.count ?? -1,
    bookingsOfTheDay: ofTheDay?.count ?? -1,
  };
  const violations = [
    invariants.slotsHeldTwice !== 0 &&
      `${invariants.slotsHeldTwice} horários reservados duas vezes`,
    invariants.titlesOverQuota !== 0 && `${invariants.titlesOverQuota} títulos acima da cota`,
    invariants.bookingsOfTheDay !== booked &&
      `${invariants.bookingsOfTheDay} reservas no banco, ${booked} aceitas pela API`,
  ].filter(Boolean);
  if (violations.length > 0)
    throw new Error(`Invariantes da corrida violados: ${violations.join('; ')}`);
  return invariants;
}
