import { appointments, type Database } from '@clube/db';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Staff } from '../../types';
import { checkInAppointment } from './check-in-appointment';

export type CheckInByCodeOptions = {
  staff: Staff;
  /** The club the front desk works for (checked against the caller's clubs by the route). */
  companyId: string;
  /** The code the member shows (checkInCodeOf), as typed or scanned. */
  code: string;
  now?: Date;
};

/** A booking is looked for among the club's marked ones starting this close to now. */
const searchHours = 24;

/**
 * Front desk lets a member in by the code of their booking (typed, or read from its QR code):
 * the club's SCHEDULED booking whose id starts with the code's digits and that starts within a
 * day of now (the nearest, should two share a code), checked in through the day sheet's one
 * check-in — same rules: that club only, from 30 minutes before the start until the end.
 * CheckInCodeNotFound when the club has no such booking. Answers the booking's id.
 */
export async function checkInByCode(db: Database, options: CheckInByCodeOptions): Promise<string> {
  const { staff, companyId } = options;
  const now = options.now ?? new Date();
  const digits = options.code.replace(/[\s-]/g, '').toLowerCase();
  if (!/^[0-9a-f]{8}$/.test(digits) || !staff.companyIds.has(companyId))
    throw new AppError('CheckInCodeNotFound');
  const around = searchHours * 60 * 60_000;
  const [booking] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.status, 'SCHEDULED'),
        gte(appointments.startsAt, new Date(now.getTime() - around)),
        lt(appointments.startsAt, new Date(now.getTime() + around)),
        sql`left(${appointments.id}::text, 8) = ${digits}`,
      ),
    )
    .orderBy(
      asc(
        sql`abs(extract(epoch from ${appointments.startsAt} - ${now.toISOString()}::timestamptz))`,
      ),
    )
    .limit(1);
  if (!booking) throw new AppError('CheckInCodeNotFound');
  await checkInAppointment(db, {
    staff: { ...staff, companyIds: new Set([companyId]) },
    appointmentId: booking.id,
    now,
  });
  return booking.id;
}
