/**
 * A member answers their place in a line (docs/domain.md, "Waitlists"): accepts the offer (a
 * booking through the one engine), refuses it or leaves the line; the slot then goes to the next
 * in line. An entry of another title or club answers WaitlistEntryNotFound, like a missing one.
 */
import { queryRows, withConnection, type Database } from '@clube/db';
import type { PortalBooking } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Member } from '../../types';
import type { BookingConfirmationOptions } from '../messages/member-messages';
import { bookAndAnswer } from '../portal/create-booking';
import { inLine, offerSlot } from './offer-slot';

type EntryRow = {
  id: string;
  placeId: string;
  associateId: string;
  startsAt: string;
  endsAt: string;
  status: string;
  isOfferOver: boolean;
};

/**
 * The entry, if the member may answer it: their own, or (a holder) one of their title's, of
 * their club. One statement.
 */
async function readMemberEntry(db: Database, member: Member, id: string): Promise<EntryRow> {
  const [row] = await queryRows<EntryRow>(
    db,
    sql`select id, place_id as "placeId", associate_id as "associateId",
        to_json(starts_at) as "startsAt", to_json(ends_at) as "endsAt", status,
        coalesce(offer_expires_at <= now(), false) as "isOfferOver"
      from waitlist_entries
      where id = ${id}::uuid and company_id = ${member.companyId}::uuid
        and associate_title_id = ${member.associateTitleId}::uuid
        ${member.isHolder ? sql`` : sql`and associate_id = ${member.associateId}::uuid`}`,
  );
  if (!row) throw new AppError('WaitlistEntryNotFound');
  return row;
}

/** Ends an entry still in line (`from`) with `to`; answers whether it changed. */
export async function endEntry(
  db: Database,
  options: { id: string; from: 'OFFERED' | 'IN_LINE'; to: string; appointmentId?: string },
): Promise<{ wasOffered: boolean } | null> {
  const [row] = await queryRows<{ wasOffered: boolean }>(
    db,
    sql`with old as (select id, status from waitlist_entries where id = ${options.id}::uuid for update)
      update waitlist_entries w set status = ${options.to}, ended_at = now(),
        appointment_id = ${options.appointmentId ?? null}::uuid
      from old where w.id = old.id
        and old.status ${options.from === 'OFFERED' ? sql`= 'OFFERED'` : sql`in ${inLine}`}
      returning old.status = 'OFFERED' as "wasOffered"`,
  );
  return row ?? null;
}

/** The slot goes to the next in line (when it is free). */
const offerNext = (db: Database, entry: EntryRow, publicUrl: string) =>
  offerSlot(db, {
    placeId: entry.placeId,
    startsAt: new Date(entry.startsAt),
    endsAt: new Date(entry.endsAt),
    publicUrl,
  });

/** An entry that is not offered now: its offer is over, or it waits for its turn. */
function notOffered(entry: EntryRow): AppError {
  return entry.status === 'EXPIRED' || (entry.status === 'OFFERED' && entry.isOfferOver)
    ? new AppError('WaitlistOfferExpired')
    : new AppError('WaitlistOfferNotActive');
}

/**
 * Accepts the offer: books the slot through the portal's booking path (every rule, the locks, the
 * confirmation); the hold lets only this member book it. A booking the rules refuse now ends the
 * offer (SKIPPED), the slot goes to the next in line, and the refusal answers.
 */
export async function acceptOffer(
  db: Database,
  options: {
    member: Member;
    id: string;
    publicUrl: string;
    confirmation?: BookingConfirmationOptions;
  },
): Promise<PortalBooking> {
  const { member, publicUrl } = options;
  const entry = await readMemberEntry(db, member, options.id);
  if (entry.status !== 'OFFERED' || entry.isOfferOver) throw notOffered(entry);
  let booking: PortalBooking;
  try {
    booking = await withConnection(db, (connection) =>
      bookAndAnswer(connection, {
        member,
        body: { placeId: entry.placeId, startsAt: entry.startsAt, associateId: entry.associateId },
        confirmation: options.confirmation,
      }),
    );
  } catch (error) {
    if (error instanceof AppError && error.statusCode !== 404) {
      await endEntry(db, { id: entry.id, from: 'OFFERED', to: 'SKIPPED' });
      await offerNext(db, entry, publicUrl);
    }
    throw error;
  }
  await endEntry(db, { id: entry.id, from: 'IN_LINE', to: 'BOOKED', appointmentId: booking.id });
  return booking;
}

/** Refuses the offer: the slot goes to the next in line. */
export async function refuseOffer(
  db: Database,
  options: { member: Member; id: string; publicUrl: string },
): Promise<void> {
  const entry = await readMemberEntry(db, options.member, options.id);
  if (entry.status !== 'OFFERED' || entry.isOfferOver) throw notOffered(entry);
  if (!(await endEntry(db, { id: entry.id, from: 'OFFERED', to: 'REFUSED' })))
    throw new AppError('WaitlistOfferExpired');
  await offerNext(db, entry, options.publicUrl);
}

/** Leaves the line at any time; an offer the member held goes to the next in line. */
export async function leaveWaitlist(
  db: Database,
  options: { member: Member; id: string; publicUrl: string },
): Promise<void> {
  const entry = await readMemberEntry(db, options.member, options.id);
  const ended = await endEntry(db, { id: entry.id, from: 'IN_LINE', to: 'LEFT' });
  if (!ended) throw new AppError('WaitlistEntryNotFound');
  if (ended.wasOffered) await offerNext(db, entry, options.publicUrl);
}
