import type { Database } from '@clube/db';
import type { PortalBookingBody, PortalBookingCheck } from '@clube/shared';
import type { Member } from '../../types';
import { evaluateBookingRules } from '../appointments/booking-rules';
import {
  memberFailures,
  resolveBookingRequest,
  type MemberBookingRequest,
} from './booking-request';

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
  return checkResolved(await resolveBookingRequest(db, options));
}

/** The check of a request already resolved (read): no further query. */
export function checkResolved(resolved: MemberBookingRequest): PortalBookingCheck {
  const { request, context } = resolved;
  const { failures, quota } = evaluateBookingRules({ context, request, now: resolved.now });
  const described = memberFailures(failures, context, resolved).map(({ body }) => body);
  return { ok: described.length === 0, failures: described, quota };
}
