import { associates, type Database } from '@clube/db';
import { type PortalBookingBody, type PortalBookingFailure } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Member } from '../../types';
import {
  readBookingContext,
  type BookingContext,
  type BookingRequest,
} from '../appointments/booking-context';
import { describeFailure, type BookingFailure } from '../appointments/booking-rules';

/**
 * Turns a member's booking body into the back office's booking request and its context, deciding
 * for whom they may book: themself always; a title's holder also any member of the same title.
 * Anybody else (another title, another club, a made-up id) is AssociateNotFound, like a missing
 * one; a member of the own title asked by a non-holder is OnlyHolderBooksForOthers. The slot's end
 * is the place's (start + bookRange), so the member never picks a duration. The place, whom the
 * booking is for and their title are read in one query, the one the booking rules start from.
 */
export async function resolveBookingRequest(
  db: Database,
  options: { member: Member; body: PortalBookingBody; now?: Date },
): Promise<MemberBookingRequest> {
  const { member, body } = options;
  const now = options.now ?? new Date();
  const associateId = body.associateId ?? member.associateId;
  const startsAt = new Date(body.startsAt);
  const { associate: target, ...placeOfStaff } = await readBookingContext(db, {
    placeId: body.placeId,
    associateId,
    startsAt,
    companyIds: new Set([member.companyId]),
    now,
  });
  if (!target || target.title.id !== member.associateTitleId)
    throw new AppError('AssociateNotFound');
  const forSelf = associateId === member.associateId;
  if (!forSelf && !member.isHolder) throw new AppError('OnlyHolderBooksForOthers');
  const context: BookingContext = { ...placeOfStaff, ...target };
  return {
    request: {
      associateId,
      placeId: body.placeId,
      cardId: target.associate.cardId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + context.place.bookRange * 60_000),
    },
    context,
    now,
    forSelf,
    // The engine checks the block of whom the booking is for; a blocked holder booking for a
    // family member is refused too: the block is the club's word on the member, whoever uses it.
    callerBlock: forSelf ? null : await callerBlockOf(db, member),
  };
}

/** The signed-in member's own block, as a failure, when they book for somebody else. */
async function callerBlockOf(db: Database, member: Member): Promise<PortalBookingFailure | null> {
  const [caller] = await db
    .select({ blocked: associates.blocked, blockedReason: associates.blockedReason })
    .from(associates)
    .where(eq(associates.id, member.associateId));
  return caller?.blocked
    ? withReason(describeFailure({ key: 'OwnMembershipBlocked' }), caller.blockedReason)
    : null;
}

export type MemberBookingRequest = {
  request: BookingRequest;
  /** The request's place, associate and title as the booking rules read them, at `now`. */
  context: BookingContext;
  now: Date;
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
