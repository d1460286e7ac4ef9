/**
 * Staff book a slot for a member in its line (docs/domain.md, "Waitlists"): the booking goes
 * through the staff booking engine (every rule, the locks, the confirmation); the hold trigger
 * lets it through when nobody else holds an offer of the slot. The entry then ends BOOKED.
 */
import { queryRows, type Database } from '@clube/db';
import type { Appointment } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Staff } from '../../types';
import { bookAndAnswer } from '../appointments/create-appointment';
import type { BookingConfirmationOptions } from '../messages/member-messages';
import { endEntry } from './answer-offer';
import { readEntries } from './list-waitlists';

export async function bookForEntry(
  db: Database,
  options: { staff: Staff; id: string; confirmation?: BookingConfirmationOptions },
): Promise<Appointment> {
  const { staff, id } = options;
  const [owner] = await queryRows<{ companyId: string }>(
    db,
    sql`select company_id as "companyId" from waitlist_entries where id = ${id}::uuid`,
  );
  const [entry] = await readEntries(db, { where: sql`w.id = ${id}::uuid` });
  if (!entry || !owner || !staff.companyIds.has(owner.companyId))
    throw new AppError('WaitlistEntryNotFound');
  const booking = await bookAndAnswer(db, {
    staff,
    request: {
      associateId: entry.associate.id,
      placeId: entry.place.id,
      cardId: entry.associate.cardId,
      startsAt: new Date(entry.startsAt),
      endsAt: new Date(entry.endsAt),
    },
    ...(options.confirmation ? { confirmation: options.confirmation } : {}),
  });
  await endEntry(db, { id, from: 'IN_LINE', to: 'BOOKED', appointmentId: booking.id });
  return booking;
}
