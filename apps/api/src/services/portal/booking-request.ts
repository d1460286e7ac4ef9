import { associates, places, type Database } from '@clube/db';
import {
  errorCodeOf,
  portalOwnBlockMessage,
  portalRuleMessages,
  type PortalBookingBody,
  type PortalBookingFailure,
} from '@clube/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Member } from '../../types';
import type { BookingContext, BookingFailure, BookingRequest } from '../appointments/booking-rules';

/**
 * Turns a member's booking body into the back office's booking request, deciding for whom they
 * may book: themself always; a title's holder also any member of the same title. Anybody else
 * (another title, another club, a made-up id) is AssociateNotFound, like a missing one; a member
 * of the own title asked by a non-holder is OnlyHolderBooksForOthers. The slot's end is the
 * place's (start + bookRange), so the member never picks a duration.
 */
export async function resolveBookingRequest(options: {
  db: Database;
  member: Member;
  body: PortalBookingBody;
}): Promise<MemberBookingRequest> {
  const { db, member, body } = options;
  const associateId = body.associateId ?? member.associateId;
  // The caller and whom the booking is for (the same row, usually) in one query.
  const rows = await db
    .select({
      id: associates.id,
      cardId: associates.cardId,
      companyId: associates.companyId,
      associateTitleId: associates.associateTitleId,
      blocked: associates.blocked,
      blockedReason: associates.blockedReason,
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

  const [place] = await db
    .select({ bookRange: places.bookRange })
    .from(places)
    .where(
      and(
        eq(places.id, body.placeId),
        eq(places.companyId, member.companyId),
        isNull(places.archivedAt),
      ),
    );
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
        ? {
            code: errorCodeOf('AssociateBlocked'),
            message: withReason(portalOwnBlockMessage, caller.blockedReason),
          }
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

const withReason = (text: string, reason: string | null) =>
  reason?.trim() ? `${text} Motivo: ${reason.trim()}` : text;

/**
 * The engine's failures in the member's words, after the caller's own block if any; a block
 * carries the reason staff gave.
 */
export function memberFailures(
  failures: BookingFailure[],
  context: BookingContext,
  resolved: MemberBookingRequest,
): PortalBookingFailure[] {
  const worded = failures.map(({ key, code, message }) => {
    const text: string =
      key in portalRuleMessages
        ? portalRuleMessages[key as keyof typeof portalRuleMessages]
        : message;
    if (key === 'AssociateBlocked')
      return {
        code,
        message: withReason(
          resolved.forSelf ? portalOwnBlockMessage : text,
          context.associate.blockedReason,
        ),
      };
    if (key === 'TitleBlocked')
      return { code, message: withReason(text, context.title.blockedReason) };
    return { code, message: text };
  });
  return resolved.callerBlock ? [resolved.callerBlock, ...worded] : worded;
}
