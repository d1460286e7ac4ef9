/**
 * A booking's statements once its rules passed (docs/decisions/027-booking-in-five-round-trips.md):
 * its place's and title's locks, taken with what its answer and its messages say of the people
 * and the place; its row, audit event and messages written in one statement, only if nothing the
 * rules read has changed since they read it; its locks released with its live event sent.
 *
 * The locks are the session's (`pg_advisory_lock`), not a transaction's: each statement commits
 * on its own, and the write, taken under the locks, sees every booking committed before them, as
 * a read inside a locked transaction did. The caller releases them on the same connection
 * (withConnection), whatever happens.
 */
import { preparedStatement, queryRows, type Database, type HeldConnection } from '@clube/db';
import type { ClubEvent } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { clubEventsAnnounced, reportLostAnnouncement } from '../../lib/club-events';
import { placeLockKey, titleLockKey } from '../../lib/place-lock';
import type { NewMessage } from '../../lib/mail/enqueue-messages';
import { queuedMessagesJson, queuedMessagesSql } from '../../lib/mail/enqueue-messages';
import type { BookingReader } from '../messages/read-bookings';
import { placeContextSql, type ContextRead } from './place-day/read-place-context';

/** What a booking's answer and messages say besides the booking itself, read with its locks. */
export type BookingPeople = {
  place: {
    name: string;
    maxCancelBookingTime: number;
    /** The most guests the booking may list; 0 when the place accepts none. */
    guestLimit: number;
    clubName: string;
    logoUrl: string | null;
  };
  /** The member the booking is for. */
  member: BookingReader & { cardId: string };
  /** The member who books for them through the portal (themself, or a title's holder). */
  booker: BookingReader | null;
  /** The staff member who books in the back office. */
  staff: { id: string; name: string } | null;
};

/** The locks a booking holds: a place's, then one title's or more (the title may change). */
export type BookingLocks = { placeId: string; titleIds: string[] };

const readerSql = (id: SQL) => sql`(select json_build_object('id', id, 'name', name,
    'email', email, 'notifyOwnBookings', notify_own_bookings, 'notifyReminders', notify_reminders,
    'cardId', card_id) from associates where id = ${id}::uuid)`;

/**
 * Takes the place's lock, then the title's (always in that order: no cycle can form), and reads
 * who the booking concerns. Waits while another booking of the place or the title holds them.
 */
export async function lockBooking(
  db: Database,
  options: {
    placeId: string;
    titleId: string;
    associateId: string;
    actor: { userId: string } | { associateId: string };
  },
): Promise<{ locks: BookingLocks; people: BookingPeople }> {
  const { placeId, titleId, actor } = options;
  const bookerId = 'associateId' in actor ? actor.associateId : null;
  const staffId = 'userId' in actor ? actor.userId : null;
  // A select list is evaluated left to right: place, then title.
  const [row] = await queryRows<BookingPeople>(
    db,
    sql`select pg_advisory_lock(${placeLockKey(placeId)}), pg_advisory_lock(${titleLockKey(titleId)}),
      (select json_build_object('name', places.name,
          'maxCancelBookingTime', places.max_cancel_booking_time,
          'guestLimit', case when places.guests_allowed then places.guest_limit else 0 end,
          'clubName', companies.name, 'logoUrl', companies.logo_url)
        from places join companies on companies.id = places.company_id
        where places.id = ${placeId}::uuid) as place,
      ${readerSql(sql`${options.associateId}`)} as member,
      ${readerSql(sql`${bookerId}`)} as booker,
      (select json_build_object('id', id, 'name', name) from users
        where id = ${staffId}::uuid) as staff`,
  );
  return { locks: { placeId, titleIds: [titleId] }, people: row! };
}

/** Takes one more title's lock (the booking's title changed since it was read). */
export async function lockTitle(db: Database, options: { locks: BookingLocks; titleId: string }) {
  const { locks, titleId } = options;
  await db.execute(sql`select pg_advisory_lock(${titleLockKey(titleId)})`);
  locks.titleIds.push(titleId);
}

/**
 * Releases a booking's locks and, in the same statement, announces its club events (they go out
 * as it commits, once the locks are free: a booking never waits for another's announcement).
 * Never throws: the booking is written or refused already. A failure is reported as a lost
 * announcement and the connection is closed, which releases the locks.
 */
export async function unlockBooking(
  db: Database,
  options: { held: HeldConnection; locks: BookingLocks; events: ClubEvent[] },
): Promise<void> {
  const { held, locks, events } = options;
  const unlocks = [placeLockKey(locks.placeId), ...locks.titleIds.map(titleLockKey)].map(
    (key) => sql`pg_advisory_unlock(${key})`,
  );
  const announced = clubEventsAnnounced(events);
  try {
    await db.execute(
      sql`select ${sql.join([...unlocks, ...(announced ? [announced] : [])], sql`, `)}`,
    );
  } catch (error) {
    held.discard(error instanceof Error ? error : new Error(String(error)));
    if (events.length > 0) reportLostAnnouncement(error, events);
  }
}

/** The booking's row as written. */
export type BookingRowWritten = {
  id: string;
  companyId: string;
  placeId: string;
  associateId: string;
  associateTitleId: string;
  startsAt: Date;
  endsAt: Date;
  createdBy: string | null;
  createdByAssociateId: string | null;
  exceptionReason: string | null;
};

type WriteParams = ContextRead['params'] & {
  fingerprint: string;
  id: string;
  companyId: string;
  associateTitleId: string;
  startsAt: string;
  endsAt: string;
  createdBy: string | null;
  createdByAssociateId: string | null;
  exceptionReason: string | null;
  action: string;
  auditData: string;
  messages: string;
};

/**
 * The booking, its audit event and its messages in one statement, which reads the booking's
 * context again (placeContextSql, as it was read: `read.params`) and writes only when it reads
 * the same (`read.fingerprint`). The exclusion constraint still guards the insert (23P01).
 */
const writeStatement = preparedStatement<
  WriteParams,
  { id: string; status: 'SCHEDULED'; createdAt: string }
>('booking_write', () => {
  const value = (name: keyof WriteParams) => sql`${sql.placeholder(name)}`;
  return sql`with place_context as (${placeContextSql({ byDate: false, forBooker: true })}),
    created as (
      insert into appointments (id, company_id, place_id, associate_id, associate_title_id,
        starts_at, ends_at, created_by, created_by_associate_id, exception_reason)
      select ${value('id')}::uuid, ${value('companyId')}::uuid, ${value('placeId')}::uuid,
        ${value('associateId')}::uuid, ${value('associateTitleId')}::uuid,
        ${value('startsAt')}::timestamptz, ${value('endsAt')}::timestamptz,
        ${value('createdBy')}::uuid, ${value('createdByAssociateId')}::uuid,
        ${value('exceptionReason')}::text
      from place_context
      where md5(place_context.context::text) = ${value('fingerprint')}
      returning id, status, created_at),
    audited as (
      insert into audit_events (company_id, actor_user_id, actor_associate_id, action,
        entity_type, entity_id, data, place_id, associate_id)
      select ${value('companyId')}::uuid, ${value('createdBy')}::uuid,
        ${value('createdByAssociateId')}::uuid, ${value('action')}::text, 'appointment',
        created.id::text, ${value('auditData')}::jsonb, ${value('placeId')}::uuid,
        ${value('associateId')}::uuid
      from created),
    ${queuedMessagesSql({ messages: value('messages'), when: sql`exists (select 1 from created)` })}
    select id, status, to_json(created_at) as "createdAt" from created`;
});

/**
 * Writes the booking (writeStatement). Answers its status and creation instant, or null when the
 * context changed since `read` (nothing is written then: the caller reads it again, under the
 * locks, and decides anew).
 */
export async function writeBooking(
  db: Database,
  options: {
    read: ContextRead;
    row: BookingRowWritten;
    audit: { action: string; data: Record<string, unknown> };
    messages: NewMessage[];
  },
): Promise<{ status: 'SCHEDULED'; createdAt: Date } | null> {
  const { read, row } = options;
  const [written] = await writeStatement(db, {
    ...read.params,
    fingerprint: read.fingerprint,
    id: row.id,
    companyId: row.companyId,
    associateTitleId: row.associateTitleId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    createdBy: row.createdBy,
    createdByAssociateId: row.createdByAssociateId,
    exceptionReason: row.exceptionReason,
    action: options.audit.action,
    auditData: JSON.stringify(options.audit.data),
    messages: queuedMessagesJson(options.messages),
  });
  return written ? { status: written.status, createdAt: new Date(written.createdAt) } : null;
}
