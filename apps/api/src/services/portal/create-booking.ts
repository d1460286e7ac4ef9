import type { Database } from '@clube/db';
import type { PortalBookingBody } from '@clube/shared';
import { AppError, appErrorOf } from '../../lib/app-error';
import type { Member } from '../../types';
import { bookAppointment } from '../appointments/create-appointment';
import { checkBooking } from './check-booking';
import { memberFailures, resolveBookingRequest } from './booking-request';

export type CreateBookingOptions = {
  db: Database;
  member: Member;
  body: PortalBookingBody;
  now?: Date;
};

/**
 * A member books through the portal, on the back office's booking path (same rules, locks and
 * audit), recorded as booked by the member. A refusal answers the first failing rule's status
 * and code with every failing rule, in the member's words, in `details.failures`. Answers the
 * new booking's id.
 */
export async function createBooking(options: CreateBookingOptions): Promise<string> {
  const { db, member } = options;
  const resolved = await resolveBookingRequest(options);
  // A blocked member's booking for a family member is refused before any lock, with every
  // other failing rule listed as the check would list them.
  if (resolved.callerBlock) {
    const check = await checkBooking(options);
    throw new AppError('OwnMembershipBlocked', { details: { failures: check.failures } });
  }
  return bookAppointment(db, {
    request: resolved.request,
    companyIds: new Set([member.companyId]),
    actor: { associateId: member.associateId },
    now: options.now,
    refuse: (failures, context) => {
      const described = memberFailures(failures, context, resolved);
      return appErrorOf(described[0]!.failure, {
        failures: described.map(({ body }) => body),
      });
    },
  });
}
