import type { Database } from '@clube/db';
import type { PortalBookingBody, PortalBookingCheck } from '@clube/shared';
import type { Member } from '../../types';
import { evaluateBookingRules } from '../appointments/booking-rules';
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
  const resolved = await resolveBookingRequest(db, options);
  const { request, context } = resolved;
  const { failures, quota } = evaluateBookingRules({ context, request, now: resolved.now });
  const described = memberFailures(failures, context, resolved).map(({ body }) => body);
  return { ok: described.length === 0, failures: described, quota };
}
