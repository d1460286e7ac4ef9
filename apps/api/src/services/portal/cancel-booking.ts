import { appointments, type Database } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import type { Member } from '../../types';
import { cancelBooking as cancelAppointmentBooking } from '../appointments/cancel-appointment';

export type CancelMemberBookingOptions = { member: Member; id: string; now?: Date };

/**
 * A member cancels a booking of their own title (any member's), until the place's deadline;
 * a booking of another title answers 404 like a missing one. Blocked members may cancel: a
 * block stops new bookings, not giving a slot back.
 */
export async function cancelMemberBooking(
  db: Database,
  options: CancelMemberBookingOptions,
): Promise<void> {
  const { member } = options;
  await cancelAppointmentBooking(db, {
    id: options.id,
    scope: and(
      eq(appointments.companyId, member.companyId),
      eq(appointments.associateTitleId, member.associateTitleId),
    )!,
    actor: { associateId: member.associateId },
    now: options.now,
  });
}
