import { appointments, bookingGuests, companies, places, type Database } from '@clube/db';
import {
  clubDateOf,
  clubTimeOf,
  dateLabel,
  maskCpf,
  type Guest,
  type GuestList,
} from '@clube/shared';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Member, Staff } from '../../types';

/** The bookings a member may see the guests of: their title's, in their club. */
export function memberBookingScope(member: Member): SQL {
  return and(
    eq(appointments.companyId, member.companyId),
    eq(appointments.associateTitleId, member.associateTitleId),
  )!;
}

/** The bookings a staff member may see (or, on a write route, change) the guests of. */
export function staffBookingScope(staff: Staff): SQL {
  if (staff.companyIds.size === 0) throw new AppError('AppointmentNotFound');
  return inArray(appointments.companyId, [...staff.companyIds]);
}

/** A booking with its place's guest rules, as the guest services read it. */
export type GuestBooking = {
  id: string;
  companyId: string;
  placeId: string;
  associateId: string;
  startsAt: Date;
  status: (typeof appointments.$inferSelect)['status'];
  timezone: string;
  /** 0 when the place accepts no guests. */
  limit: number;
  cpfRequired: boolean;
  closesAt: Date;
};

/**
 * The booking `id` within `scope` with its place's guest rules; with `lock`, its row is locked
 * until the transaction ends (one guest-list change at a time per booking). AppointmentNotFound
 * for a missing booking and for one outside the scope (another title's, another club's).
 */
export async function readGuestBooking(
  db: Database,
  options: { id: string; scope: SQL; lock?: boolean },
): Promise<GuestBooking> {
  const query = db
    .select({
      id: appointments.id,
      companyId: appointments.companyId,
      placeId: appointments.placeId,
      associateId: appointments.associateId,
      startsAt: appointments.startsAt,
      status: appointments.status,
      timezone: companies.timezone,
      guestsAllowed: places.guestsAllowed,
      guestLimit: places.guestLimit,
      cpfRequired: places.guestCpfRequired,
      closesHours: places.guestListClosesHours,
    })
    .from(appointments)
    .innerJoin(places, eq(places.id, appointments.placeId))
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .where(and(eq(appointments.id, options.id), options.scope));
  const [row] = options.lock ? await query.for('update', { of: appointments }) : await query;
  if (!row) throw new AppError('AppointmentNotFound');
  const { guestsAllowed, guestLimit, closesHours, ...booking } = row;
  return {
    ...booking,
    limit: guestsAllowed ? guestLimit : 0,
    closesAt: new Date(row.startsAt.getTime() - closesHours * 3_600_000),
  };
}

/** Whether the list may change at `now`: a scheduled booking before its list's deadline. */
export function isGuestListEditable(booking: GuestBooking, now: Date): boolean {
  return (
    booking.limit > 0 &&
    booking.status === 'SCHEDULED' &&
    now.getTime() <= booking.closesAt.getTime()
  );
}

/** "28/11/2026 às 14:00" in the club's timezone: the deadline as the refusal names it. */
export function clubMomentLabel(instant: Date, timezone: string): string {
  return `${dateLabel(clubDateOf(instant, timezone))} às ${clubTimeOf(instant, timezone)}`;
}

/** A guest as the member and the desk see it: the CPF masked, never whole. */
export function guestOf(row: {
  id: string;
  name: string;
  cpf: string | null;
  checkedInAt: Date | null;
}): Guest {
  return {
    id: row.id,
    name: row.name,
    cpf: row.cpf === null ? null : maskCpf(row.cpf),
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}

export const guestColumns = {
  id: bookingGuests.id,
  name: bookingGuests.name,
  cpf: bookingGuests.cpf,
  checkedInAt: bookingGuests.checkedInAt,
};

/** The booking's guests by name, with its rules, at `now`. */
export async function guestListOf(
  db: Database,
  options: { booking: GuestBooking; now: Date },
): Promise<GuestList> {
  const { booking, now } = options;
  const rows = await db
    .select(guestColumns)
    .from(bookingGuests)
    .where(eq(bookingGuests.appointmentId, booking.id))
    .orderBy(asc(bookingGuests.createdAt), asc(bookingGuests.name), asc(bookingGuests.id));
  return {
    appointmentId: booking.id,
    guests: rows.map(guestOf),
    limit: booking.limit,
    cpfRequired: booking.cpfRequired,
    closesAt: booking.closesAt.toISOString(),
    editable: isGuestListEditable(booking, now),
  };
}

export type GetGuestListOptions = { id: string; scope: SQL; now?: Date };

/** A booking's guest list within the caller's scope (two statements). */
export async function getGuestList(db: Database, options: GetGuestListOptions): Promise<GuestList> {
  const booking = await readGuestBooking(db, { id: options.id, scope: options.scope });
  return guestListOf(db, { booking, now: options.now ?? new Date() });
}
