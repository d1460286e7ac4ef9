import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointments, associates, companies, places, type Database } from '@clube/db';

/** Someone a message is for: a member of the club, with or without an e-mail address. */
export type MessageReader = { id: string; name: string; email: string | null };

/** A reader with the choices they made in Conta. */
export type BookingReader = MessageReader & {
  notifyOwnBookings: boolean;
  notifyReminders: boolean;
};

/** A booking with what its messages say and whom they go to. */
export type BookingRow = {
  id: string;
  companyId: string;
  placeId: string;
  associateId: string;
  status: (typeof appointments.$inferSelect)['status'];
  /** The place's cancellation deadline, in hours before the start. */
  maxCancelBookingTime: number;
  startsAt: Date;
  endsAt: Date;
  /** Its calendar event's SEQUENCE: how many times it was moved. */
  calendarSequence: number;
  placeName: string;
  clubName: string;
  logoUrl: string | null;
  timezone: string;
  bookedByStaff: boolean;
  /** The member the booking is for. */
  forMember: BookingReader;
  /** The member who booked it for them (a title's holder booking for family); else null. */
  booker: BookingReader | null;
};

export type ReadBookingsOptions = {
  ids: string[];
  /** Only bookings of this club (a club-side change names its own club's bookings). */
  companyId?: string;
  /** Only bookings matching this too (e.g. those a member may cancel). */
  where?: SQL;
};

/**
 * The one reader of bookings for every message about them (confirmation, reminder, the club's
 * cancellation or move): the booking, its place and club, and its readers, in one statement.
 */
export async function readBookings(
  db: Database,
  options: ReadBookingsOptions,
): Promise<BookingRow[]> {
  if (options.ids.length === 0) return [];
  const booker = alias(associates, 'booker');
  const rows = await db
    .select({
      id: appointments.id,
      companyId: appointments.companyId,
      placeId: appointments.placeId,
      associateId: appointments.associateId,
      status: appointments.status,
      maxCancelBookingTime: places.maxCancelBookingTime,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      calendarSequence: appointments.calendarSequence,
      createdBy: appointments.createdBy,
      placeName: places.name,
      clubName: companies.name,
      logoUrl: companies.logoUrl,
      timezone: companies.timezone,
      forId: associates.id,
      forName: associates.name,
      forEmail: associates.email,
      forOwn: associates.notifyOwnBookings,
      forReminders: associates.notifyReminders,
      bookerId: booker.id,
      bookerName: booker.name,
      bookerEmail: booker.email,
      bookerOwn: booker.notifyOwnBookings,
      bookerReminders: booker.notifyReminders,
    })
    .from(appointments)
    .innerJoin(places, eq(places.id, appointments.placeId))
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .innerJoin(associates, eq(associates.id, appointments.associateId))
    .leftJoin(booker, eq(booker.id, appointments.createdByAssociateId))
    .where(
      and(
        inArray(appointments.id, options.ids),
        options.companyId ? eq(appointments.companyId, options.companyId) : undefined,
        options.where,
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    companyId: row.companyId,
    placeId: row.placeId,
    associateId: row.associateId,
    status: row.status,
    maxCancelBookingTime: row.maxCancelBookingTime,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    calendarSequence: row.calendarSequence,
    placeName: row.placeName,
    clubName: row.clubName,
    logoUrl: row.logoUrl,
    timezone: row.timezone,
    bookedByStaff: row.createdBy !== null,
    forMember: {
      id: row.forId,
      name: row.forName,
      email: row.forEmail,
      notifyOwnBookings: row.forOwn,
      notifyReminders: row.forReminders,
    },
    booker:
      row.bookerId && row.bookerId !== row.forId
        ? {
            id: row.bookerId,
            name: row.bookerName!,
            email: row.bookerEmail,
            notifyOwnBookings: row.bookerOwn!,
            notifyReminders: row.bookerReminders!,
          }
        : null,
  }));
}

/** The member the booking is for, and the member who booked it for them (family), once each. */
export function readersOf(row: BookingRow): Array<{ reader: BookingReader; isFor: boolean }> {
  return [
    { reader: row.forMember, isFor: true },
    ...(row.booker ? [{ reader: row.booker, isFor: false }] : []),
  ];
}
