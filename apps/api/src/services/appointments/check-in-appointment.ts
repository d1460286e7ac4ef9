import type { Database } from '@clube/db';
import { frontDesk } from '@clube/shared';
import { AppError } from '../../lib/app-error';
import { changeAttendance, recordAttendance, type AttendanceOptions } from './attendance';

/**
 * Front desk lets the member in: allowed from `frontDesk.checkInOpensMinutesBefore` minutes
 * before the start until the end, so early arrivals are served but a finished booking is not
 * rewritten afterwards (a missed one is a no-show instead).
 */
export async function checkInAppointment(db: Database, options: AttendanceOptions) {
  const { staff } = options;
  await changeAttendance(db, {
    ...options,
    change: async ({ tx, announce, appointment, club, now }) => {
      if (appointment.status !== 'SCHEDULED') throw new AppError('AppointmentNotScheduled');
      const opensAt = appointment.startsAt.getTime() - frontDesk.checkInOpensMinutesBefore * 60_000;
      if (now.getTime() < opensAt || now >= appointment.endsAt)
        throw new AppError('CheckInNotOpen');

      await recordAttendance(tx, {
        announce,
        appointment,
        staff,
        status: 'CHECKED_IN',
        now,
        timezone: club.timezone,
      });
    },
  });
}
