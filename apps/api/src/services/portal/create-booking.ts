import type { Database } from '@clube/db';
import { AppError, appErrorOf } from '../../lib/app-error';
import { bookAppointment } from '../appointments/create-appointment';
import { checkResolved, type CheckBookingOptions } from './check-booking';
import { memberFailures, resolveBookingRequest } from './booking-request';

export type CreateBookingOptions = CheckBookingOptions;

/**
 * A member books through the portal, on the back office's booking path (same rules, locks and
 * audit), recorded as booked by the member. A refusal answers the first failing rule's status
 * and code with every failing rule, in the member's words, in `details.failures`. Answers the
 * new booking's id.
 */
export async function createBooking(db: Database, options: CreateBookingOptions): Promise<string> {
  const { member } = options;
  const resolved = await resolveBookingRequest(db, options);
  // A blocked member's booking for a family member is refused before any lock, with every
  // other failing rule listed as the check lists them, from what was just read.
  if (resolved.callerBlock) {
    const { failures } = checkResolved(resolved);
    throw new AppError('OwnMembershipBlocked', { details: { failures } });
  }
  return bookAppointment(db, {
    request: resolved.request,
    context: resolved.context,
    companyIds: new Set([member.companyId]),
    actor: { associateId: member.associateId },
    now: resolved.now,
    refuse: (failures, context) => {
      const described = memberFailures(failures, context, resolved);
      return appErrorOf(described[0]!.failure, {
        failures: described.map(({ body }) => body),
      });
    },
  });
}
