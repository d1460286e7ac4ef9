import type { Database } from '@clube/db';
import { addDaysToDate, clubDateOf, clubEventSchema, type ClubEvent } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { EventEmitter } from 'node:events';

/** The one channel every API process listens on (docs/decisions/006-live-updates-listen-notify.md). */
export const clubEventsChannel = 'club_events';

/** Collects the club events of a write while its transaction runs (transactionAnnouncing). */
export type Announce = (events: ClubEvent | ClubEvent[]) => void;

/**
 * Runs `work` in a transaction and, once it has committed, tells every open day sheet of the
 * club, in every API process, what it changed: the events `work` passed to `announce`, each
 * checked against the schema when passed (a malformed one fails the write). A write that throws
 * (a refusal, a conflict) rolls back and announces nothing. Identical events of one write are
 * announced once.
 *
 * Announced after the commit, not in the transaction: PostgreSQL commits the transactions that
 * notify one at a time (it holds one lock for the whole server from a notifying commit's start
 * until it is on disk, so that notifications queue in commit order), and a booking holds its
 * place and title locks until its commit ends. Notifying inside the booking made every booking's
 * commit wait for the others', and every request waiting for those locks with it (measured in the
 * benchmark's rush). The price: an announcement is lost if the process stops between the
 * commit and it, like one sent while a listener reconnects; the day sheet also refetches on its
 * own every few minutes (docs/decisions/006-live-updates-listen-notify.md).
 *
 * Called with a caller's transaction as `db`, the announcement joins that transaction and goes
 * out when it commits; its failure then fails the caller's write (announceClubChange).
 */
export async function transactionAnnouncing<T>(
  db: Database,
  work: (tx: Database, announce: Announce) => Promise<T>,
): Promise<T> {
  const events: ClubEvent[] = [];
  const announce: Announce = (more) =>
    events.push(...[more].flat().map((event) => clubEventSchema.parse(event)));
  const result = await db.transaction((tx) => work(tx, announce));
  await announceClubChange(db, events);
  return result;
}

/** An announcement that could not be sent after its write committed, and why. */
export type LostAnnouncement = { error: unknown; events: ClubEvent[] };

/**
 * Where lost announcements are reported: every app in the process logs each one through its own
 * logger (plugins/club-events.ts; a server runs one app). With no app listening (a script) a loss
 * becomes a process warning instead.
 */
export const lostAnnouncements = new EventEmitter<{ lost: [LostAnnouncement] }>();
// One listener per app instance: a test process may hold many.
lostAnnouncements.setMaxListeners(0);

/**
 * Sends the announcement of a write that has committed. Its failure (the database gone between
 * the two statements) cannot undo the write, so it is reported (lostAnnouncements) and the write
 * still answers as done: open day sheets catch up on their next refetch. Inside a caller's
 * transaction the failure is thrown instead: swallowed, it would leave that transaction aborted,
 * and its COMMIT would quietly roll the write back.
 */
export async function announceClubChange(db: Database, events: ClubEvent[]): Promise<void> {
  const announcement = clubChangeAnnouncement(events.map((event) => clubEventSchema.parse(event)));
  if (!announcement) return;
  if (db instanceof PgTransaction) {
    await db.execute(announcement);
    return;
  }
  try {
    await db.execute(announcement);
  } catch (error) {
    reportLostAnnouncement(error, events);
  }
}

/** An announcement that failed after its write committed: logged (lostAnnouncements). */
export function reportLostAnnouncement(error: unknown, events: ClubEvent[]): void {
  if (!lostAnnouncements.emit('lost', { error, events }))
    process.emitWarning(
      `club change not announced (${error instanceof Error ? error.message : String(error)})`,
      { type: 'ClubEventsWarning', detail: JSON.stringify(events.slice(0, 3)) },
    );
}

/**
 * The announcement of club events (each checked against the schema) as one value of a larger
 * statement that commits with nothing else to write (how many were sent), for a write that
 * announces in the statement releasing its locks (services/appointments/write-booking.ts); null when there are none.
 */
export function clubEventsAnnounced(events: ClubEvent[]): SQL | null {
  const announcement = clubChangeAnnouncement(events.map((event) => clubEventSchema.parse(event)));
  return announcement && sql`(select count(sent::text) from (${announcement}) as announced(sent))`;
}

/** The query that announces club events, identical ones once; null when there are none. */
function clubChangeAnnouncement(events: ClubEvent[]): SQL | null {
  const payloads = [...new Set(events.map((event) => JSON.stringify(event)))];
  if (payloads.length === 0) return null;
  return sql`select pg_notify(${clubEventsChannel}, payload) from (values ${sql.join(
    payloads.map((payload) => sql`(${payload}::text)`),
    sql`, `,
  )}) as events(payload)`;
}

/** A day sheet never looks more than a month around: a longer block announces its first 31 days. */
const maxDaysPerInterval = 31;

/** The club-local dates an interval [startsAt, endsAt) touches. */
export function clubDatesOf(
  interval: { startsAt: Date; endsAt: Date },
  timezone: string,
): string[] {
  const first = clubDateOf(interval.startsAt, timezone);
  const last = clubDateOf(new Date(interval.endsAt.getTime() - 1), timezone);
  const dates = [first];
  while (dates.length < maxDaysPerInterval && dates[dates.length - 1]! < last)
    dates.push(addDaysToDate(dates[dates.length - 1]!, 1));
  return dates;
}

export type ClubEventListener = (event: ClubEvent) => void;

/**
 * Fans the process's one LISTEN connection out to the open streams, by club: a listener hears only
 * the club it subscribed to, checked when it subscribed against the caller's clubs.
 */
export class ClubEventHub {
  private readonly listeners = new Map<string, Set<ClubEventListener>>();

  subscribe(companyId: string, listener: ClubEventListener): () => void {
    let set = this.listeners.get(companyId);
    if (!set) {
      set = new Set();
      this.listeners.set(companyId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(companyId) === set) this.listeners.delete(companyId);
    };
  }

  /** A notification's payload; anything that is not a club event is ignored. */
  dispatch(payload: string): void {
    let event: ClubEvent;
    try {
      event = clubEventSchema.parse(JSON.parse(payload));
    } catch {
      return;
    }
    for (const listener of this.listeners.get(event.companyId) ?? []) listener(event);
  }

  get size(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }
}
