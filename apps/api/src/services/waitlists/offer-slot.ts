/**
 * Offers a freed slot to the first in its line (docs/domain.md, "Waitlists"). Runs under the
 * place's advisory lock, the one bookings and blocks take, so an offer and a booking of the same
 * slot are serialised across processes; the unique index `waitlist_entries_one_offer` keeps one
 * offer per slot whatever happens, and the hold trigger of migration 0030 refuses anybody else's
 * booking over an offered slot until the offer ends.
 */
import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import { queueJobStatement } from '../../lib/jobs/jobs';
import { enqueueMessages } from '../../lib/mail/enqueue-messages';
import { lockPlace } from '../../lib/place-lock';
import { offerMessage, type OfferedEntry } from './offer-message';
import { waitlistJobNames } from './job-names';

export type OfferSlotOptions = {
  placeId: string;
  /** The freed range: every slot of the place's lines inside it is looked at. */
  startsAt: Date;
  endsAt: Date;
  publicUrl: string;
  now?: Date;
  /** Staff offer by hand to this entry (WAITING, in this range) instead of the first in line. */
  entryId?: string;
};

/** The statuses of an entry still in line. */
export const inLine = sql`('WAITING','OFFERED')`;

/**
 * Ends the offers of the range whose minutes are over, then offers each free slot of the range
 * with a line and no offer to its first (or to `entryId`), with its message and its expiry's job.
 * A slot is free when it has not started and no booking or blocked time overlaps it. Answers the
 * entries offered.
 */
export async function offerSlot(db: Database, options: OfferSlotOptions): Promise<OfferedEntry[]> {
  const now = options.now ?? new Date();
  const { placeId, publicUrl } = options;
  const start = options.startsAt.toISOString();
  const end = options.endsAt.toISOString();
  const offered = await db.transaction(async (tx) => {
    await lockPlace(tx, placeId);
    await tx.execute(sql`update waitlist_entries set status = 'EXPIRED', ended_at = ${now.toISOString()}::timestamptz
      where place_id = ${placeId}::uuid and status = 'OFFERED'
        and offer_expires_at <= ${now.toISOString()}::timestamptz
        and starts_at < ${end}::timestamptz and ends_at > ${start}::timestamptz`);
    const rows = await queryRows<OfferedEntry>(
      tx,
      sql`with free_slots as (
          select distinct w.starts_at from waitlist_entries w
          join places p on p.id = w.place_id and p.archived_at is null
          where w.place_id = ${placeId}::uuid and w.status = 'WAITING'
            and w.starts_at < ${end}::timestamptz and w.ends_at > ${start}::timestamptz
            and w.starts_at > ${now.toISOString()}::timestamptz
            and not exists (select 1 from waitlist_entries o where o.place_id = w.place_id
              and o.starts_at = w.starts_at and o.status = 'OFFERED')
            and not exists (select 1 from appointments a where a.place_id = w.place_id
              and a.status in ('SCHEDULED','CHECKED_IN','NO_SHOW')
              and a.starts_at < w.ends_at and a.ends_at > w.starts_at)
            and not exists (select 1 from blocked_times b where b.place_id = w.place_id
              and b.starts_at < w.ends_at and b.ends_at > w.starts_at)),
        firsts as (
          select distinct on (w.starts_at) w.id from waitlist_entries w
          join free_slots s on s.starts_at = w.starts_at
          where w.place_id = ${placeId}::uuid and w.status = 'WAITING'
            ${options.entryId ? sql`and w.id = ${options.entryId}::uuid` : sql``}
          order by w.starts_at, w.created_at, w.id),
        offered as (
          update waitlist_entries w set status = 'OFFERED', offered_at = ${now.toISOString()}::timestamptz,
            offer_expires_at = least(${now.toISOString()}::timestamptz
              + make_interval(mins => c.waitlist_offer_minutes), w.starts_at)
          from firsts, companies c
          where w.id = firsts.id and c.id = w.company_id
          returning w.id, w.company_id, w.place_id, w.associate_id, w.starts_at, w.ends_at,
            w.offer_expires_at)
        select o.id, o.company_id as "companyId", o.place_id as "placeId",
          to_json(o.starts_at) as "startsAt", to_json(o.ends_at) as "endsAt",
          to_json(o.offer_expires_at) as "offerExpiresAt",
          p.name as "placeName", c.name as "clubName", c.logo_url as "logoUrl", c.timezone,
          json_build_object('id', a.id, 'name', a.name, 'email', a.email,
            'notifyOwnBookings', a.notify_own_bookings) as member
        from offered o
        join places p on p.id = o.place_id
        join companies c on c.id = o.company_id
        join associates a on a.id = o.associate_id`,
    );
    if (rows.length === 0) return rows;
    await enqueueMessages(
      tx,
      rows.map((row) => offerMessage(row, publicUrl)),
    );
    for (const row of rows) {
      const seconds = Math.ceil((new Date(row.offerExpiresAt).getTime() - now.getTime()) / 1000);
      await tx.execute(
        queueJobStatement(
          { name: waitlistJobNames.offerExpiry },
          {
            payload: sql`${JSON.stringify({ entryId: row.id })}::jsonb`,
            key: `waitlist-expiry:${row.id}`,
            delaySeconds: Math.max(0, seconds),
          },
        ),
      );
    }
    return rows;
  });
  return offered;
}
