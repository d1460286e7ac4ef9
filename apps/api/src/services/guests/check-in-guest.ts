import { appointments, bookingGuests, type Database } from '@clube/db';
import type { Guest } from '@clube/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Staff } from '../../types';
import { guestColumns, guestOf } from './read-guest-booking';

export type CheckInGuestOptions = { staff: Staff; id: string; checkedIn: boolean; now?: Date };

/**
 * The gate marks a guest as arrived (or takes the mark back). GuestNotFound for a guest of
 * another club, or of a booking that is no longer held (cancelled, missed): its list is no
 * longer at the gate. Audited without the guest's name.
 */
export async function checkInGuest(db: Database, options: CheckInGuestOptions): Promise<Guest> {
  const { staff, id, checkedIn } = options;
  if (staff.companyIds.size === 0) throw new AppError('GuestNotFound');
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookingGuests)
      .set(
        checkedIn
          ? {
              checkedInAt: sql`coalesce(${bookingGuests.checkedInAt}, ${now.toISOString()}::timestamptz)`,
              checkedInBy: staff.userId,
            }
          : { checkedInAt: null, checkedInBy: null },
      )
      .from(appointments)
      .where(
        and(
          eq(bookingGuests.id, id),
          inArray(bookingGuests.companyId, [...staff.companyIds]),
          eq(appointments.id, bookingGuests.appointmentId),
          inArray(appointments.status, ['SCHEDULED', 'CHECKED_IN']),
        ),
      )
      .returning({
        ...guestColumns,
        companyId: bookingGuests.companyId,
        appointmentId: bookingGuests.appointmentId,
        placeId: appointments.placeId,
        associateId: appointments.associateId,
      });
    if (!row) throw new AppError('GuestNotFound');
    await recordAudit(tx, {
      companyId: row.companyId,
      actorUserId: staff.userId,
      action: checkedIn ? 'appointment.guest-check-in' : 'appointment.guest-check-in-undo',
      entityType: 'appointment',
      entityId: row.appointmentId,
      placeId: row.placeId,
      associateId: row.associateId,
    });
    return guestOf(row);
  });
}
