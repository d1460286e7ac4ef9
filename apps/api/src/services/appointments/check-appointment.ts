import type { Database } from '@clube/db';
import {
  describeFailure,
  evaluateBookingRules,
  loadBookingContext,
  type BookingRequest,
} from './booking-rules';
import type { Staff } from '../../types';

/** "Why not?": every booking rule the request would fail, without booking anything. */
export async function checkAppointment(
  db: Database,
  request: BookingRequest,
  staff: Staff,
  now: Date = new Date(),
) {
  const context = await loadBookingContext(db, request, staff.companyIds);
  const { failures, quota } = await evaluateBookingRules(db, { context, request, now });
  return {
    ok: failures.length === 0,
    failures: failures.map((failure) => ({
      ...describeFailure(failure),
      ...(failure.until ? { until: failure.until } : {}),
      ...(failure.from ? { from: failure.from } : {}),
    })),
    quota,
  };
}
