import type { Database } from '@clube/db';
import { loadBookingContext, type BookingRequest } from './booking-context';
import { describeFailure, evaluateBookingRules } from './booking-rules';
import type { Staff } from '../../types';

export type CheckAppointmentOptions = {
  staff: Staff;
  now?: Date;
  /** The request, its times parsed at the edge (bookingRequestOf). */
  request: BookingRequest;
};

/** "Why not?": every booking rule the request would fail, without booking anything. */
export async function checkAppointment(db: Database, options: CheckAppointmentOptions) {
  const { staff, now = new Date(), request } = options;
  const context = await loadBookingContext(db, { request, companyIds: staff.companyIds, now });
  const { failures, quota } = evaluateBookingRules({ context, request, now });
  return {
    ok: failures.length === 0,
    failures: failures.map(describeFailure),
    quota,
  };
}
