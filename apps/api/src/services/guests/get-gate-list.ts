import {
  appointments,
  associates,
  bookingGuests,
  companies,
  places,
  type Database,
} from '@clube/db';
import type { GateList, GateListQuery } from '@clube/shared';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { clubDayRange } from '../appointments/day-grid';
import { guestColumns, guestOf } from './read-guest-booking';

export type GetGateListOptions = GateListQuery;

/**
 * The front desk's gate list of a club day (docs/domain.md, "Guest lists"): every booking that
 * starts that day, is still held (scheduled or attended) and lists guests, by start time then
 * place, each with its member and its guests (CPF masked). Two statements whatever the number of
 * bookings: the club's timezone, then the day's guests with their bookings.
 */
export async function getGateList(db: Database, options: GetGateListOptions): Promise<GateList> {
  const [club] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, options.companyId));
  if (!club) throw new AppError('CompanyNotFound');
  const day = clubDayRange(options.date, club.timezone);
  const rows = await db
    .select({
      guest: guestColumns,
      appointmentId: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      place: { id: places.id, name: places.name },
      associate: { name: associates.name, cardId: associates.cardId },
    })
    .from(bookingGuests)
    .innerJoin(appointments, eq(appointments.id, bookingGuests.appointmentId))
    .innerJoin(places, eq(places.id, appointments.placeId))
    .innerJoin(associates, eq(associates.id, appointments.associateId))
    .where(
      and(
        eq(bookingGuests.companyId, options.companyId),
        eq(appointments.companyId, options.companyId),
        inArray(appointments.status, ['SCHEDULED', 'CHECKED_IN']),
        gte(appointments.startsAt, day.startsAt),
        lt(appointments.startsAt, day.endsAt),
      ),
    )
    .orderBy(
      asc(appointments.startsAt),
      asc(places.name),
      asc(appointments.id),
      asc(bookingGuests.name),
      asc(bookingGuests.id),
    );
  const bookings: GateList['bookings'] = [];
  for (const row of rows) {
    let booking = bookings.at(-1);
    if (booking?.appointmentId !== row.appointmentId) {
      booking = {
        appointmentId: row.appointmentId,
        place: row.place,
        associate: row.associate,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        guests: [],
      };
      bookings.push(booking);
    }
    booking.guests.push(guestOf(row.guest));
  }
  return { date: options.date, bookings };
}
