import { appointments, titleSuspensions, type Database } from '@clube/db';
import { clubDateOf } from '@clube/shared';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { changeAttendance, announceAttendanceChange, type AttendanceOptions } from './attendance';

/**
 * Puts a checked-in or no-show booking back to SCHEDULED, to correct a mistake at the desk. Only
 * the same club-local day it was recorded: later, the record stands (it may already have counted
 * towards a suspension others acted on). Undoing a no-show also lifts the no-show suspensions of
 * the title created since it was marked, since the count that caused them no longer holds.
 */
export async function undoAttendance(db: Database, options: AttendanceOptions) {
  const { appointmentId, staff } = options;
  await changeAttendance(db, {
    ...options,
    change: async ({ tx, announce, appointment, club, now }) => {
      const recordedAt =
        appointment.status === 'CHECKED_IN'
          ? appointment.checkedInAt
          : appointment.status === 'NO_SHOW'
            ? appointment.noShowAt
            : null;
      if (!recordedAt) throw new AppError('AttendanceNotRecorded');
      if (clubDateOf(recordedAt, club.timezone) !== clubDateOf(now, club.timezone))
        throw new AppError('AttendanceUndoExpired');

      await tx
        .update(appointments)
        .set({
          status: 'SCHEDULED',
          checkedInAt: null,
          checkedInBy: null,
          noShowAt: null,
          noShowBy: null,
        })
        .where(eq(appointments.id, appointmentId));
      const lifted =
        appointment.status === 'NO_SHOW'
          ? await tx
              .update(titleSuspensions)
              .set({ liftedAt: now, liftedBy: staff.userId })
              .where(
                and(
                  eq(titleSuspensions.associateTitleId, appointment.associateTitleId),
                  eq(titleSuspensions.cause, 'no-shows'),
                  isNull(titleSuspensions.liftedAt),
                  gte(titleSuspensions.createdAt, recordedAt),
                ),
              )
              .returning({ id: titleSuspensions.id })
          : [];
      await recordAudit(tx, {
        companyId: appointment.companyId,
        actorUserId: staff.userId,
        action: 'appointment.undo-attendance',
        entityType: 'appointment',
        entityId: appointmentId,
        placeId: appointment.placeId,
        associateId: appointment.associateId,
        data: {
          before: { status: appointment.status },
          after: { status: 'SCHEDULED' },
          recordedAt: recordedAt.toISOString(),
          liftedSuspensionIds: lifted.map((row) => row.id),
        },
      });
      announceAttendanceChange({ announce, appointment, timezone: club.timezone });
    },
  });
}
