import type { Database } from '@clube/db';
import { addDaysToDate, clubDateOf, clubEventSchema, type ClubEvent } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';

/** The one channel every API process listens on (docs/decisions/006-live-updates-listen-notify.md). */
export const clubEventsChannel = 'club_events';

/**
 * Tells every open day sheet of the club, in every API process, that a booking or block changed.
 * Call it inside the write's transaction: PostgreSQL delivers the notification only on commit, so
 * a rolled-back write announces nothing and a listener that reads again sees the change.
 * Identical events of one transaction are delivered once.
 */
export async function notifyClubChange(tx: Database, events: ClubEvent | ClubEvent[]) {
  const announcement = clubChangeAnnouncement(events);
  if (announcement) await tx.execute(announcement);
}

/**
 * The query that announces club events (notifyClubChange), to run alone or inside a larger
 * statement (insertAudited); null when there is nothing to announce. Each event is checked
 * against the schema and identical ones are announced once.
 */
export function clubChangeAnnouncement(events: ClubEvent | ClubEvent[]): SQL | null {
  const list = Array.isArray(events) ? events : [events];
  const payloads = [...new Set(list.map((event) => JSON.stringify(clubEventSchema.parse(event))))];
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
