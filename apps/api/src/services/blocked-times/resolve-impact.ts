/**
 * What staff chose for each booking a block or a special day hits — keep, cancel (the member is
 * told the reason) or move to a free place of its category at the same time — checked and written
 * in the caller's transaction, under the places' locks: the one mechanism behind both.
 */
import { appointments, places, type Database } from '@clube/db';
import { clubDateOf, type BlockResolution, type ClubEvent } from '@clube/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { queueClubChangeMessages } from '../messages/queue-club-change-messages';
import { actionsFor, type AffectedBooking, type loadMoveTargets } from './block-impact';
import type { BlockConflict } from '@clube/shared';

/**
 * The club's own places among the move targets the resolutions name (by name), to be locked with
 * the places the change covers; any other target is refused by resolveImpact.
 */
export async function readMoveTargetNames(
  db: Database,
  options: { companyId: string; resolutions: BlockResolution[] },
): Promise<Map<string, string>> {
  const requested = [
    ...new Set(
      options.resolutions.flatMap((resolution) => (resolution.placeId ? [resolution.placeId] : [])),
    ),
  ];
  if (requested.length === 0) return new Map();
  const rows = await db
    .select({ id: places.id, name: places.name })
    .from(places)
    .where(and(inArray(places.id, requested), eq(places.companyId, options.companyId)));
  return new Map(rows.map((place) => [place.id, place.name]));
}

function invalidResolution(index: number, field: string, message: string): AppError {
  return new AppError('ValidationError', {
    details: [{ in: 'body', path: `resolutions.${index}.${field}`, message }],
  });
}

export type ResolveImpactOptions = {
  companyId: string;
  timezone: string;
  actorUserId: string;
  /** The reason members read and the audit records (the block's or the special day's). */
  reason: string;
  /** What changed, in the audit of each booking ('blocked-time', 'special-day'). */
  cause: 'blocked-time' | 'special-day';
  publicUrl: string;
  affected: AffectedBooking[];
  targets: Awaited<ReturnType<typeof loadMoveTargets>>;
  conflictsOf: (bookings: AffectedBooking[]) => BlockConflict[];
  resolutions: BlockResolution[];
  targetNameOf: Map<string, string>;
  /** The refusal while any booking is unresolved. */
  conflictKey: 'BlockConflictsWithAppointments' | 'SpecialDayConflictsWithAppointments';
};

/**
 * Checks that every affected booking has one allowed resolution (else `conflictKey` listing the
 * unresolved ones, or a 400/409 naming the bad one), then cancels and moves, audits each, queues
 * one message per member told, and answers the kept, cancelled and moved bookings with the live
 * events the transaction announces for them.
 */
export async function resolveImpact(tx: Database, options: ResolveImpactOptions) {
  const { companyId, timezone, affected, targets, resolutions, reason } = options;
  const affectedById = new Map(affected.map((booking) => [booking.id, booking]));
  resolutions.forEach((resolution, index) => {
    if (!affectedById.has(resolution.appointmentId))
      throw invalidResolution(
        index,
        'appointmentId',
        'Este agendamento não é afetado por esta mudança.',
      );
  });
  const resolutionOf = new Map(
    resolutions.map((resolution, index) => [resolution.appointmentId, { ...resolution, index }]),
  );
  const unresolved = affected.filter((booking) => !resolutionOf.has(booking.id));
  if (unresolved.length > 0)
    throw new AppError(options.conflictKey, {
      details: { appointments: options.conflictsOf(unresolved) },
    });

  const kept: AffectedBooking[] = [];
  const cancelled: AffectedBooking[] = [];
  const moved: Array<{ booking: AffectedBooking; to: { id: string; name: string } }> = [];
  for (const booking of affected) {
    const resolution = resolutionOf.get(booking.id)!;
    if (!actionsFor(booking).includes(resolution.action))
      throw invalidResolution(
        resolution.index,
        'action',
        'A presença ou falta deste agendamento já foi registrada: ele só pode ser mantido.',
      );
    if (resolution.action === 'keep') kept.push(booking);
    else if (resolution.action === 'cancel') cancelled.push(booking);
    else {
      const targetId = resolution.placeId!;
      const free = targets.freePlacesFor(booking).find((place) => place.id === targetId);
      if (!free) {
        const details = { appointmentId: booking.id, placeId: targetId };
        const target = options.targetNameOf.has(targetId)
          ? await tx
              .select({ categoryId: places.categoryId, archivedAt: places.archivedAt })
              .from(places)
              .where(eq(places.id, targetId))
              .then((rows) => rows[0])
          : undefined;
        const isCandidate =
          target &&
          !target.archivedAt &&
          target.categoryId === booking.categoryId &&
          targetId !== booking.placeId;
        throw new AppError(
          !isCandidate
            ? 'BlockMoveTargetInvalid'
            : targets.isMisfit(targetId, booking)
              ? 'BlockMoveTargetMisfit'
              : 'BlockMoveTargetTaken',
          { details },
        );
      }
      targets.reserve(free.id, booking);
      moved.push({ booking, to: free });
    }
  }

  /** The audit of a booking cancelled or moved, with the cause and its reason. */
  const auditBookingChange = (
    booking: AffectedBooking,
    action: 'appointment.cancel' | 'appointment.move',
    data: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      companyId,
      actorUserId: options.actorUserId,
      action,
      entityType: 'appointment',
      entityId: booking.id,
      placeId: booking.placeId,
      associateId: booking.associateId,
      data: { reason: options.cause, description: reason, ...data },
    });
  for (const booking of cancelled) {
    await tx
      .update(appointments)
      .set({
        status: 'CANCELLED',
        cancelledAt: sql`now()`,
        cancelledBy: options.actorUserId,
        cancellationReason: reason,
      })
      .where(eq(appointments.id, booking.id));
    await auditBookingChange(booking, 'appointment.cancel', {
      startsAt: booking.startsAt.toISOString(),
      before: { status: booking.status },
      after: { status: 'CANCELLED', cancellationReason: reason },
    });
  }
  for (const { booking, to } of moved) {
    // Only the place changes; the exclusion constraint still guards the target (23P01).
    // The member's calendar moves the event: same UID, SEQUENCE raised by each move.
    await tx
      .update(appointments)
      .set({ placeId: to.id, calendarSequence: sql`${appointments.calendarSequence} + 1` })
      .where(eq(appointments.id, booking.id));
    await auditBookingChange(booking, 'appointment.move', {
      before: { place: booking.placeName },
      after: { place: to.name },
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
    });
  }

  // Members hear of it in the same transaction: one message each, whatever the count.
  await queueClubChangeMessages(tx, {
    companyId,
    publicUrl: options.publicUrl,
    changes: [
      ...cancelled.map((booking) => ({
        appointmentId: booking.id,
        kind: 'cancelled' as const,
        reason,
      })),
      ...moved.map(({ booking, to }) => ({
        appointmentId: booking.id,
        kind: 'moved' as const,
        reason,
        fromPlaceName: booking.placeName,
        toPlaceName: to.name,
      })),
    ],
  });

  const dateOf = (booking: AffectedBooking) => clubDateOf(booking.startsAt, timezone);
  const events: ClubEvent[] = [
    ...cancelled.map((booking) => ({
      companyId,
      kind: 'appointment.cancelled' as const,
      placeId: booking.placeId,
      date: dateOf(booking),
    })),
    ...moved.flatMap(({ booking, to }) =>
      [booking.placeId, to.id].map((placeId) => ({
        companyId,
        kind: 'appointment.moved' as const,
        placeId,
        date: dateOf(booking),
      })),
    ),
  ];
  return { kept, cancelled, moved, events };
}

/** One booking kept, cancelled or moved, as the answer lists it. */
export const outcomeOf = (booking: AffectedBooking) => ({
  appointmentId: booking.id,
  associate: { id: booking.associateId, name: booking.associateName, cardId: booking.cardId },
  place: { id: booking.placeId, name: booking.placeName },
  startsAt: booking.startsAt.toISOString(),
  endsAt: booking.endsAt.toISOString(),
});
