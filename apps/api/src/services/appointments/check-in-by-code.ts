import { appointments, associates, companies, places, type Database } from '@clube/db';
import { frontDesk } from '@clube/shared';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Staff } from '../../types';
import { checkInAppointment } from './check-in-appointment';
import { describeClubMoment } from './describe-club-moment';

export type CheckInByCodeOptions = {
  staff: Staff;
  /** The club the front desk works for (checked against the caller's clubs by the route). */
  companyId: string;
  /** The code the member shows (checkInCodeOf), as typed or scanned. */
  code: string;
  now?: Date;
};

/** A booking is looked for among the club's bookings that started at most this long ago. */
const searchHours = 24;

/**
 * Front desk lets a member in by the code of their booking (typed, or read from its QR code):
 * the club's booking whose id starts with the code's digits, started at most a day ago or later
 * (a marked one first, then the nearest). A marked booking whose check-in is open goes through
 * the day sheet's one check-in — same rules: that club only, from 30 minutes before the start
 * until the end. Any other booking is refused with what it is (member, place, when) and why it
 * cannot enter: already in, cancelled, a no-show, not yet open (later today or another day),
 * over. CheckInCodeNotFound when the club has no such booking. Answers the booking's id.
 */
export async function checkInByCode(db: Database, options: CheckInByCodeOptions): Promise<string> {
  const { staff, companyId } = options;
  const now = options.now ?? new Date();
  const digits = options.code.replace(/[\s-]/g, '').toLowerCase();
  if (!/^[0-9a-f]{8}$/.test(digits) || !staff.companyIds.has(companyId))
    throw new AppError('CheckInCodeNotFound');
  const [booking] = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      checkedInAt: appointments.checkedInAt,
      member: associates.name,
      place: places.name,
      timezone: companies.timezone,
    })
    .from(appointments)
    .innerJoin(associates, eq(associates.id, appointments.associateId))
    .innerJoin(places, eq(places.id, appointments.placeId))
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .where(
      and(
        eq(appointments.companyId, companyId),
        gte(appointments.startsAt, new Date(now.getTime() - searchHours * 60 * 60_000)),
        sql`left(${appointments.id}::text, 8) = ${digits}`,
      ),
    )
    .orderBy(
      desc(sql`${appointments.status} = 'SCHEDULED'`),
      asc(
        sql`abs(extract(epoch from ${appointments.startsAt} - ${now.toISOString()}::timestamptz))`,
      ),
    )
    .limit(1);
  if (!booking) throw new AppError('CheckInCodeNotFound');
  const moment = (instant: Date) => describeClubMoment(instant, booking.timezone, now);
  const about = { member: booking.member, place: booking.place, when: moment(booking.startsAt) };
  if (booking.status === 'CHECKED_IN') {
    throw new AppError('CheckInCodeAlreadyIn', {
      params: { ...about, checkedInAt: moment(booking.checkedInAt ?? booking.startsAt) },
    });
  }
  if (booking.status === 'CANCELLED') throw new AppError('CheckInCodeCancelled', { params: about });
  if (booking.status === 'NO_SHOW') throw new AppError('CheckInCodeNoShow', { params: about });
  const minutes = frontDesk.checkInOpensMinutesBefore;
  const opensAt = new Date(booking.startsAt.getTime() - minutes * 60_000);
  if (now < opensAt) {
    throw new AppError('CheckInCodeNotYet', {
      params: { ...about, opensAt: moment(opensAt), minutes },
    });
  }
  if (now >= booking.endsAt) throw new AppError('CheckInCodeEnded', { params: about });
  await checkInAppointment(db, {
    staff: { ...staff, companyIds: new Set([companyId]) },
    appointmentId: booking.id,
    now,
  });
  return booking.id;
}
