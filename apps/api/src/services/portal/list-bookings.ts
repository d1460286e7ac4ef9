import { appointments, associates, bookingGuests, places, type Database } from '@clube/db';
import {
  occupyingStatuses,
  type PortalBooking,
  type portalBookingListQuerySchema,
} from '@clube/shared';
import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Member } from '../../types';

export type ListBookingsOptions = {
  member: Member;
  now?: Date;
  limit?: number;
} & z.output<typeof portalBookingListQuerySchema>;

/**
 * Bookings of the caller's title (every member of it), never another title's: the title is the
 * one the booking was made under, which is what quotas count too. upcoming: held (scheduled, or
 * with attendance recorded) and not yet over, soonest first; past: held and over, latest first;
 * cancelled: latest first.
 */
export async function listBookings(
  db: Database,
  options: ListBookingsOptions,
): Promise<PortalBooking[]> {
  const { member } = options;
  const now = options.now ?? new Date();
  const byScope = {
    upcoming: {
      where: and(
        inArray(appointments.status, [...occupyingStatuses]),
        gt(appointments.endsAt, now),
      ),
      order: [asc(appointments.startsAt), asc(appointments.id)],
    },
    past: {
      where: and(
        inArray(appointments.status, [...occupyingStatuses]),
        lte(appointments.endsAt, now),
      ),
      order: [desc(appointments.startsAt), desc(appointments.id)],
    },
    cancelled: {
      where: eq(appointments.status, 'CANCELLED'),
      order: [desc(appointments.startsAt), desc(appointments.id)],
    },
  }[options.scope];

  return readBookings(db, {
    member,
    now,
    where: byScope.where,
    order: byScope.order,
    limit: options.limit ?? 200,
  });
}

/** One booking of the caller's title, whatever its state; AppointmentNotFound otherwise. */
export async function findMemberBooking(
  db: Database,
  options: { member: Member; id: string; now?: Date },
): Promise<PortalBooking> {
  const [booking] = await readBookings(db, {
    member: options.member,
    now: options.now ?? new Date(),
    where: eq(appointments.id, options.id),
    order: [],
    limit: 1,
  });
  if (!booking) throw new AppError('AppointmentNotFound');
  return booking;
}

/** The title's bookings matching `where`, as the portal answers them (one query). */
async function readBookings(
  db: Database,
  options: { member: Member; now: Date; where: SQL | undefined; order: SQL[]; limit: number },
): Promise<PortalBooking[]> {
  const { member, now } = options;
  const rows = await db
    .select({
      appointment: {
        id: appointments.id,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        createdAt: appointments.createdAt,
        cancelledAt: appointments.cancelledAt,
        cancellationReason: appointments.cancellationReason,
        createdByAssociateId: appointments.createdByAssociateId,
      },
      place: { id: places.id, name: places.name },
      maxCancelBookingTime: places.maxCancelBookingTime,
      guestLimit: sql<number>`case when ${places.guestsAllowed} then ${places.guestLimit} else 0 end`,
      guestCount: sql<number>`(select count(*)::int from ${bookingGuests} where ${bookingGuests.appointmentId} = ${appointments.id})`,
      associate: { id: associates.id, name: associates.name, cardId: associates.cardId },
    })
    .from(appointments)
    .innerJoin(places, eq(places.id, appointments.placeId))
    .innerJoin(associates, eq(associates.id, appointments.associateId))
    .where(
      and(
        eq(appointments.companyId, member.companyId),
        eq(appointments.associateTitleId, member.associateTitleId),
        options.where,
      ),
    )
    .orderBy(...options.order)
    .limit(options.limit);

  return rows.map((row) =>
    portalBookingOf(
      {
        ...row.appointment,
        place: row.place,
        associate: row.associate,
        maxCancelBookingTime: row.maxCancelBookingTime,
        guestLimit: row.guestLimit,
        guestCount: row.guestCount,
      },
      now,
    ),
  );
}

/** A booking as the portal answers it, at `now` (whether it may still be cancelled). */
export function portalBookingOf(
  booking: {
    id: string;
    place: PortalBooking['place'];
    associate: PortalBooking['associate'];
    startsAt: Date;
    endsAt: Date;
    status: PortalBooking['status'];
    createdAt: Date;
    cancelledAt: Date | null;
    cancellationReason: string | null;
    createdByAssociateId: string | null;
    maxCancelBookingTime: number;
    guestLimit: number;
    guestCount: number;
  },
  now: Date,
): PortalBooking {
  const cancelDeadline = new Date(
    booking.startsAt.getTime() - booking.maxCancelBookingTime * 3_600_000,
  );
  return {
    id: booking.id,
    place: booking.place,
    associate: booking.associate,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    status: booking.status,
    createdAt: booking.createdAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    cancellationReason: booking.cancellationReason,
    bookedVia: booking.createdByAssociateId ? 'portal' : 'staff',
    cancelDeadline: cancelDeadline.toISOString(),
    // The same rule the cancellation applies: refused once now is past the deadline.
    cancellable: booking.status === 'SCHEDULED' && now.getTime() <= cancelDeadline.getTime(),
    guestLimit: booking.guestLimit,
    guestCount: booking.guestCount,
  };
}
