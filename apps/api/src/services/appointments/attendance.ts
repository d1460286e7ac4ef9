import { appointments, companies, type Database } from '@clube/db';
import { clubDateOf } from '@clube/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { transactionAnnouncing, type Announce } from '../../lib/club-events';
import { recordAudit } from '../../lib/audit';
import type { Staff } from '../../types';

/**
 * The appointment a front-desk action is about, locked until the transaction ends, with its
 * club's timezone and no-show policy. Another club's appointment answers AppointmentNotFound,
 * exactly like a missing one.
 */
export async function lockAppointmentOfStaff(
  tx: Database,
  options: { staff: Staff; appointmentId: string },
) {
  const { staff, appointmentId } = options;
  if (staff.companyIds.size === 0) throw new AppError('AppointmentNotFound');
  const [row] = await tx
    .select({
      appointment: appointments,
      club: {
        timezone: companies.timezone,
        noShowToleranceMinutes: companies.noShowToleranceMinutes,
        noShowSuspensionCount: companies.noShowSuspensionCount,
        noShowWindowDays: companies.noShowWindowDays,
        noShowSuspensionDays: companies.noShowSuspensionDays,
      },
    })
    .from(appointments)
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        inArray(appointments.companyId, [...staff.companyIds]),
      ),
    )
    .for('update', { of: appointments });
  if (!row) throw new AppError('AppointmentNotFound');
  return row;
}

export type AttendanceOptions = {
  staff: Staff;
  appointmentId: string;
  now?: Date;
  /** Base of the portal link: given, a suspension this causes is told to the title's members. */
  publicUrl?: string;
};

type LockedAppointment = Awaited<ReturnType<typeof lockAppointmentOfStaff>>['appointment'];

/** What a change of attendance works with: the locked appointment, its club, the time. */
export type AttendanceChange = Awaited<ReturnType<typeof lockAppointmentOfStaff>> & {
  tx: Database;
  announce: Announce;
  now: Date;
};

/**
 * A front-desk change of a booking's attendance (check-in, no-show, undo): one transaction that
 * announces what it changed, the appointment locked first (lockAppointmentOfStaff), then `change`.
 */
export async function changeAttendance<T>(
  db: Database,
  options: AttendanceOptions & { change: (locked: AttendanceChange) => Promise<T> },
): Promise<T> {
  const { staff, appointmentId } = options;
  const now = options.now ?? new Date();
  return transactionAnnouncing(db, async (tx, announce) => {
    const locked = await lockAppointmentOfStaff(tx, { staff, appointmentId });
    return options.change({ ...locked, tx, announce, now });
  });
}

/**
 * Tells the club's open day sheets that a booking's attendance changed (recorded or undone), once
 * the caller's transaction commits.
 */
export function announceAttendanceChange(options: {
  announce: Announce;
  appointment: LockedAppointment;
  timezone: string;
}) {
  const { announce, appointment, timezone } = options;
  announce({
    companyId: appointment.companyId,
    kind: 'appointment.attendance',
    placeId: appointment.placeId,
    date: clubDateOf(appointment.startsAt, timezone),
  });
}

/**
 * Sets a SCHEDULED appointment's attendance (present or absent), audits who did it and announces
 * it (`announce`: the caller's, from transactionAnnouncing).
 */
export async function recordAttendance(
  tx: Database,
  options: {
    announce: Announce;
    appointment: LockedAppointment;
    staff: Staff;
    status: 'CHECKED_IN' | 'NO_SHOW';
    now: Date;
    timezone: string;
  },
) {
  const { announce, appointment, staff, status, now, timezone } = options;
  const columns =
    status === 'CHECKED_IN'
      ? { checkedInAt: now, checkedInBy: staff.userId }
      : { noShowAt: now, noShowBy: staff.userId };
  await tx
    .update(appointments)
    .set({ status, ...columns })
    .where(eq(appointments.id, appointment.id));
  await recordAudit(tx, {
    companyId: appointment.companyId,
    actorUserId: staff.userId,
    action: status === 'CHECKED_IN' ? 'appointment.check-in' : 'appointment.no-show',
    entityType: 'appointment',
    entityId: appointment.id,
    placeId: appointment.placeId,
    associateId: appointment.associateId,
    data: {
      startsAt: appointment.startsAt.toISOString(),
      before: { status: appointment.status },
      after: { status },
    },
  });
  announceAttendanceChange({ announce, appointment, timezone });
}
