import { associates, places, type Database } from '@clube/db';
import { type PortalBookingBody, type PortalBookingFailure } from '@clube/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Member } from '../../types';
import {
  describeFailure,
  type BookingContext,
  type BookingFailure,
  type BookingRequest,
} from '../appointments/booking-rules';

/**
 * Turns a member's booking body into the back office's booking request, deciding for whom they
 * may book: themself always; a title's holder also any member of the same title. Anybody else
 * (another title, another club, a made-up id) is AssociateNotFound, like a missing one; a member
 * of the own title asked by a non-holder is OnlyHolderBooksForOthers. The slot's end is the
 * place's (start + bookRange), so the member never picks a duration.
 */
export async function resolveBookingRequest(
  db: Database,
  options: { member: Member; body: PortalBookingBody },
): Promise<MemberBookingRequest> {
  const { member, body } = options;
  const associateId = body.associateId ?? member.associateId;
  // The caller, whom the booking is for (the same row, usually) and the slot length of the place
  // (when it is an active place of the member's club) in one query.
  const bookRangeOfPlace = db
    .select({ bookRange: places.bookRange })
    .from(places)
    .where(
      and(
        eq(places.id, body.placeId),
        eq(places.companyId, member.companyId),
        isNull(places.archivedAt),
      ),
    );
  const rows = await db
    .select({
      id: associates.id,
      cardId: associates.cardId,
      companyId: associates.companyId,
      associateTitleId: associates.associateTitleId,
      blocked: associates.blocked,
      blockedReason: associates.blockedReason,
      bookRange: sql<number | null>`(${bookRangeOfPlace})`.mapWith(Number),
    })
    .from(associates)
    .where(inArray(associates.id, [member.associateId, associateId]));
  const caller = rows.find((row) => row.id === member.associateId);
  const target = rows.find(
    (row) =>
      row.id === associateId &&
      row.companyId === member.companyId &&
      row.associateTitleId === member.associateTitleId,
  );
  if (!target) throw new AppError('AssociateNotFound');
  if (target.id !== member.associateId && !member.isHolder)
    throw new AppError('OnlyHolderBooksForOthers');
  const place = target.bookRange === null ? null : { bookRange: target.bookRange };
  if (!place) throw new AppError('PlaceNotFound');
  const startsAt = new Date(body.startsAt);
  const forSelf = target.id === member.associateId;
  return {
    request: {
      associateId: target.id,
      placeId: body.placeId,
      cardId: target.cardId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + place.bookRange * 60_000).toISOString(),
    },
    forSelf,
    // The engine checks the block of whom the booking is for; a blocked holder booking for a
    // family member is refused too: the block is the club's word on the member, whoever uses it.
    callerBlock:
      !forSelf && caller?.blocked
        ? withReason(describeFailure({ key: 'OwnMembershipBlocked' }), caller.blockedReason)
        : null,
  };
}

export type MemberBookingRequest = {
  request: BookingRequest;
  /** The booking is for the signed-in member (not a family member). */
  forSelf: boolean;
  /** The signed-in member's own block, when booking for somebody else. */
  callerBlock: PortalBookingFailure | null;
};

/** A block's failure with the reason staff gave, as data beside the code's text. */
const withReason = (failure: PortalBookingFailure, reason: string | null): PortalBookingFailure =>
  reason?.trim() ? { ...failure, reason: reason.trim() } : failure;

/**
 * The engine's failures as the member reads them, after the caller's own block if any: the
 * member's own blocked membership is OwnMembershipBlocked (not the associate staff talk about),
 * and a block carries the reason staff gave.
 */
export function memberFailures(
  failures: BookingFailure[],
  context: BookingContext,
  resolved: MemberBookingRequest,
): MemberFailure[] {
  const described = failures.map((failure): MemberFailure => {
    if (failure.key === 'AssociateBlocked') {
      const key = resolved.forSelf ? 'OwnMembershipBlocked' : 'AssociateBlocked';
      return {
        failure: { key },
        body: withReason(describeFailure({ key }), context.associate.blockedReason),
      };
    }
    if (failure.key === 'TitleBlocked')
      return {
        failure,
        body: withReason(describeFailure(failure), context.title.blockedReason),
      };
    return { failure, body: describeFailure(failure) };
  });
  return resolved.callerBlock
    ? [{ failure: { key: 'OwnMembershipBlocked' }, body: resolved.callerBlock }, ...described]
    : described;
}

/** A failing rule for the member: the key to throw and the body to list. */
export type MemberFailure = { failure: BookingFailure; body: PortalBookingFailure };
