import type { Database } from '@clube/db';
import type { PortalBookingBody, PortalBookingCheck } from '@clube/shared';
import type { Member } from '../../types';
import { evaluateBookingRules, loadBookingContext } from '../appointments/booking-rules';
import { memberFailures, resolveBookingRequest } from './booking-request';

export type CheckBookingOptions = {
  member: Member;
  body: PortalBookingBody;
  now?: Date;
};

/** "Why not?" for a member: every rule of the back office's engine the booking would fail. */
export async function checkBooking(
  db: Database,
  options: CheckBookingOptions,
): Promise<PortalBookingCheck> {
  const { member } = options;
  const resolved = await resolveBookingRequest(db, options);
  const { request } = resolved;
  const context = await loadBookingContext(db, {
    request,
    companyIds: new Set([member.companyId]),
  });
  const { failures, quota } = await evaluateBookingRules(db, {
    context,
    request,
    now: options.now,
  });
  const described = memberFailures(failures, context, resolved).map(({ body }) => body);
  return { ok: described.length === 0, failures: described, quota };
}
