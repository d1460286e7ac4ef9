import { appointments, associates, companies, places, type Database } from '@clube/db';
import { clubDateOf } from '@clube/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError, appErrorOf } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { transactionAnnouncing } from '../../lib/club-events';
import { lockPlace, lockPlaceAndTitle } from '../../lib/place-lock';
import type { Staff } from '../../types';
import { queueClubChangeMessages } from '../messages/queue-club-change-messages';
import { loadBookingContext, type BookingContext, type BookingRequest } from './booking-context';
import { describeFailure, evaluateBookingRules, type BookingFailure } from './booking-rules';
import { slotGridOf } from './day-grid';
import { generateSlotTimes, type Interval } from './slots';
import { queueWaitlistOffers } from '../waitlists/waitlist-jobs';

export type MoveAppointmentOptions = {
  staff: Staff;
  id: string;
  /** Where and when the booking moves to (parsed at the edge): its length is kept. */
  to: { placeId: string; startsAt: Date };
  /** Why, as staff typed it: the member reads it (optional). */
  reason?: string;
  now?: Date;
  /** Base of the portal link in the member's message. */
  publicUrl: string;
};

/** The booking as a move reads it (under its row lock inside the transaction). */
async function readBooking(
  db: Database,
  options: { id: string; companyIds: string[]; lock: boolean },
) {
  const query = db
    .select({
      id: appointments.id,
      companyId: appointments.companyId,
      placeId: appointments.placeId,
      associateId: appointments.associateId,
      associateTitleId: appointments.associateTitleId,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      cardId: associates.cardId,
      placeName: places.name,
      categoryId: places.categoryId,
      timezone: companies.timezone,
    })
    .from(appointments)
    .innerJoin(associates, eq(associates.id, appointments.associateId))
    .innerJoin(places, eq(places.id, appointments.placeId))
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .where(
      and(eq(appointments.id, options.id), inArray(appointments.companyId, options.companyIds)),
    );
  const [row] = await (options.lock ? query.for('update', { of: appointments }) : query);
  return row;
}

type MovedBooking = NonNullable<Awaited<ReturnType<typeof readBooking>>>;

/**
 * The context the rules read, without the booking being moved: it leaves its slot as it takes the
 * new one, so it neither holds the target's time nor counts for the quota or the waiting period.
 * A place holds one occupying booking at an instant, so its place and start name it.
 */
function withoutItself(context: BookingContext, booking: MovedBooking): BookingContext {
  const isItself = (other: { placeId: string; startsAt: Date }) =>
    other.placeId === booking.placeId && other.startsAt.getTime() === booking.startsAt.getTime();
  return {
    ...context,
    rules: {
      ...context.rules,
      titleBookings: context.rules.titleBookings.filter((other) => !isItself(other)),
      busy: {
        ...context.rules.busy,
        booked: context.rules.busy.booked.filter((other) => !isItself(other)),
      },
    },
  };
}

/** The target's own slots hold the booking's time: one starts then and lasts as long. */
function fitsASlot(context: BookingContext, time: Interval) {
  const { place, timezone } = context;
  if (time.endsAt.getTime() - time.startsAt.getTime() !== place.bookRange * 60_000) return false;
  return generateSlotTimes(
    clubDateOf(time.startsAt, timezone),
    timezone,
    slotGridOf(place, context.operatingHour),
  ).some((slot) => slot.startsAt.getTime() === time.startsAt.getTime());
}

/** A refusal of one failure, in the booking's shape (the failure listed in details). */
const refusal = (failure: BookingFailure) =>
  appErrorOf(failure, { failures: [describeFailure(failure)] });

/**
 * Staff move one SCHEDULED booking of their club to another place of its category and/or another
 * time, keeping its length: the target must be one of that place's own slots, free, and every
 * booking rule must pass there as if it were booked now, the booking itself left out (it does not
 * take its own slot nor count against its own quota). Under the booking's locks (both places, then
 * the title), audited as appointment.move with before and after, announced on both places' days,
 * and told to the member (and the member who booked it for them).
 */
export async function moveAppointment(db: Database, options: MoveAppointmentOptions) {
  const { staff, id } = options;
  const now = options.now ?? new Date();
  const companyIds = [...staff.companyIds];
  if (companyIds.length === 0) throw new AppError('AppointmentNotFound');

  /** Checks the move against what `db` reads; answers the booking and the target's context. */
  const check = async (reader: Database, lock: boolean) => {
    const booking = await readBooking(reader, { id, companyIds, lock });
    if (!booking) throw new AppError('AppointmentNotFound');
    if (booking.status !== 'SCHEDULED') throw new AppError('AppointmentNotScheduled');
    if (booking.startsAt <= now) throw new AppError('AppointmentMoveStarted');
    const { startsAt } = options.to;
    const endsAt = new Date(
      startsAt.getTime() + booking.endsAt.getTime() - booking.startsAt.getTime(),
    );
    if (booking.placeId === options.to.placeId && booking.startsAt.getTime() === startsAt.getTime())
      throw new AppError('AppointmentMoveUnchanged');
    const request: BookingRequest = {
      associateId: booking.associateId,
      placeId: options.to.placeId,
      startsAt,
      endsAt,
      cardId: booking.cardId,
    };
    // Only a place of the booking's club: any other answers PlaceNotFound.
    const read = await loadBookingContext(reader, {
      request,
      companyIds: new Set([booking.companyId]),
      now,
    });
    if (read.place.categoryId !== booking.categoryId)
      throw refusal({ key: 'AppointmentMoveOtherCategory' });
    const context = withoutItself(read, booking);
    // Past or blocked says so first; a time off the target's grid is a misfit, not "unavailable".
    const { failures } = evaluateBookingRules({ context, request, now });
    if (startsAt > now && !fitsASlot(context, { startsAt, endsAt })) {
      throw appErrorOf(
        { key: 'AppointmentMoveMisfit' },
        {
          failures: [
            describeFailure({ key: 'AppointmentMoveMisfit' }),
            ...failures
              .filter(
                (failure) =>
                  failure.key !== 'InvalidAppointmentDuration' &&
                  failure.key !== 'TimeNotAvailable',
              )
              .map(describeFailure),
          ],
        },
      );
    }
    if (failures.length > 0) {
      const first = failures[0]!;
      throw appErrorOf(first, {
        ...(first.until ? { until: first.until } : {}),
        failures: failures.map(describeFailure),
      });
    }
    return { booking, context, startsAt, endsAt };
  };

  // Refused from what is committed, before any lock (as a booking); checked again under them.
  const first = await check(db, false);
  const moved = await transactionAnnouncing(db, async (tx, announce) => {
    const placeIds = [...new Set([first.booking.placeId, options.to.placeId])].sort();
    for (const placeId of placeIds.slice(0, -1)) await lockPlace(tx, placeId);
    await lockPlaceAndTitle(tx, placeIds.at(-1)!, first.booking.associateTitleId);
    const { booking, context, startsAt, endsAt } = await check(tx, true);
    if (booking.associateTitleId !== first.booking.associateTitleId)
      throw new AppError('AppointmentNotScheduled');
    const toPlaceName = await tx
      .select({ name: places.name })
      .from(places)
      .where(eq(places.id, context.place.id))
      .then((rows) => rows[0]!.name);
    // The exclusion constraint still guards the target (23P01).
    await tx
      .update(appointments)
      // A new SEQUENCE: the member's calendar moves the event (the change's `.ics`).
      .set({
        placeId: context.place.id,
        startsAt,
        endsAt,
        calendarSequence: sql`${appointments.calendarSequence} + 1`,
      })
      .where(eq(appointments.id, id));
    await queueWaitlistOffers(tx, booking);
    const reason = options.reason?.trim() || undefined;
    await recordAudit(tx, {
      companyId: booking.companyId,
      actorUserId: staff.userId,
      action: 'appointment.move',
      entityType: 'appointment',
      entityId: id,
      placeId: context.place.id,
      associateId: booking.associateId,
      data: {
        ...(reason ? { reason } : {}),
        // The place it left, for the record (the event names the place it went to).
        fromPlaceId: booking.placeId,
        before: {
          place: booking.placeName,
          startsAt: booking.startsAt.toISOString(),
          endsAt: booking.endsAt.toISOString(),
        },
        after: {
          place: toPlaceName,
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
        },
      },
    });
    await queueClubChangeMessages(tx, {
      companyId: booking.companyId,
      publicUrl: options.publicUrl,
      changes: [
        {
          appointmentId: id,
          kind: 'moved',
          reason,
          fromPlaceName: booking.placeName,
          toPlaceName,
          fromTime: { startsAt: booking.startsAt, endsAt: booking.endsAt },
        },
      ],
    });
    announce(
      [
        { placeId: booking.placeId, at: booking.startsAt },
        { placeId: context.place.id, at: startsAt },
      ].map(({ placeId, at }) => ({
        companyId: booking.companyId,
        kind: 'appointment.moved' as const,
        placeId,
        date: clubDateOf(at, booking.timezone),
      })),
    );
    return id;
  });
  return moved;
}
