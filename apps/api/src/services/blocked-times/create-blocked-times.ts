import { randomUUID } from 'node:crypto';
import {
  appointments,
  associates,
  blockedTimes,
  companies,
  places,
  type Database,
} from '@clube/db';
import type { BlockConflict, BlockRecurrence } from '@clube/shared';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { clubDatesOf, notifyClubChange } from '../../lib/club-events';
import { lockPlace } from '../../lib/place-lock';
import { toBlockedTime } from './blocked-time-row';
import { expandWeeklyRecurrence, type Occurrence } from './expand-weekly-recurrence';

export type CreateBlockedTimesInput = {
  description: string;
  startAt: string;
  endsAt: string;
  placeIds: string[];
  cancelConflicting?: boolean;
  recurrence?: BlockRecurrence;
};

export type Caller = { userId: string; companyIds: ReadonlySet<string> };

/**
 * The places to block, all active and of one club the caller works for; any other id makes the
 * whole request a 404, so a bulk block is all or nothing.
 */
async function loadPlaces(db: Database, caller: Caller, placeIds: string[]) {
  const rows = await db
    .select({
      id: places.id,
      name: places.name,
      companyId: places.companyId,
      timezone: companies.timezone,
    })
    .from(places)
    .innerJoin(companies, eq(companies.id, places.companyId))
    .where(
      and(
        inArray(places.id, placeIds),
        inArray(places.companyId, [...caller.companyIds]),
        isNull(places.archivedAt),
      ),
    );
  if (rows.length !== placeIds.length) throw new AppError('PlaceNotFound');
  const companyId = rows[0]!.companyId;
  if (rows.some((row) => row.companyId !== companyId)) {
    throw new AppError('BlockPlacesOfManyClubs', {
      details: [{ in: 'body', path: 'placeIds', message: 'Os espaços devem ser do mesmo clube.' }],
    });
  }
  return { companyId, timezone: rows[0]!.timezone, places: rows };
}

function findConflicts(tx: Database, placeIds: string[], occurrences: Occurrence[]) {
  const overlapsAnOccurrence = or(
    ...occurrences.map((occurrence) =>
      and(
        lt(appointments.startsAt, occurrence.endsAt),
        gt(appointments.endsAt, occurrence.startsAt),
      ),
    ),
  );
  return tx
    .select({
      id: appointments.id,
      placeId: appointments.placeId,
      placeName: places.name,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      associateId: appointments.associateId,
      associateName: associates.name,
    })
    .from(appointments)
    .innerJoin(places, eq(places.id, appointments.placeId))
    .innerJoin(associates, eq(associates.id, appointments.associateId))
    .where(
      and(
        inArray(appointments.placeId, placeIds),
        eq(appointments.status, 'SCHEDULED'),
        overlapsAnOccurrence,
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(places.name));
}

/**
 * Blocks one or more places, once or weekly, in one transaction: every row or none. A block over
 * SCHEDULED appointments is refused (409 listing them) unless `cancelConflicting` is set, in
 * which case they are cancelled in the same transaction.
 */
export async function createBlockedTimes(
  db: Database,
  caller: Caller,
  input: CreateBlockedTimesInput,
) {
  const placeIds = [...new Set(input.placeIds)].sort();
  const { companyId, timezone, places: placeRows } = await loadPlaces(db, caller, placeIds);
  const occurrences = expandWeeklyRecurrence(
    { startsAt: new Date(input.startAt), endsAt: new Date(input.endsAt) },
    input.recurrence,
    timezone,
  );
  const recurrenceId = input.recurrence ? randomUUID() : null;
  const placeNameOf = new Map(placeRows.map((place) => [place.id, place.name]));

  return db.transaction(async (tx) => {
    // The same per-place lock as a booking: a booking cannot slip in between the check and the insert.
    for (const placeId of placeIds) await lockPlace(tx, placeId);

    const conflicts = await findConflicts(tx, placeIds, occurrences);
    if (conflicts.length > 0 && !input.cancelConflicting) {
      const details: { appointments: BlockConflict[] } = {
        appointments: conflicts.map((conflict) => ({
          id: conflict.id,
          placeId: conflict.placeId,
          placeName: conflict.placeName,
          startsAt: conflict.startsAt.toISOString(),
          endsAt: conflict.endsAt.toISOString(),
          associateName: conflict.associateName,
        })),
      };
      throw new AppError('BlockConflictsWithAppointments', { details });
    }

    for (const conflict of conflicts) {
      await tx
        .update(appointments)
        .set({ status: 'CANCELLED', cancelledAt: sql`now()`, cancelledBy: caller.userId })
        .where(eq(appointments.id, conflict.id));
      await recordAudit(tx, {
        companyId,
        actorUserId: caller.userId,
        action: 'appointment.cancel',
        entityType: 'appointment',
        entityId: conflict.id,
        data: {
          reason: 'blocked-time',
          description: input.description,
          placeId: conflict.placeId,
          associateId: conflict.associateId,
          startsAt: conflict.startsAt.toISOString(),
        },
      });
    }

    const rows = await tx
      .insert(blockedTimes)
      .values(
        placeIds.flatMap((placeId) =>
          occurrences.map((occurrence) => ({
            companyId,
            placeId,
            description: input.description,
            startsAt: occurrence.startsAt,
            endsAt: occurrence.endsAt,
            recurrenceId,
            createdBy: caller.userId,
          })),
        ),
      )
      .returning();

    for (const row of rows) {
      await recordAudit(tx, {
        companyId,
        actorUserId: caller.userId,
        action: 'blocked-time.create',
        entityType: 'blocked_time',
        entityId: row.id,
        data: {
          placeId: row.placeId,
          description: row.description,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          recurrenceId,
        },
      });
    }

    // The cancelled bookings lie inside the blocks: the blocks' dates cover them.
    await notifyClubChange(
      tx,
      rows.flatMap((row) =>
        clubDatesOf(row, timezone).map((date) => ({
          companyId,
          kind: 'blocked-time.created' as const,
          placeId: row.placeId,
          date,
        })),
      ),
    );

    const items = rows
      .map((row) => toBlockedTime({ ...row, placeName: placeNameOf.get(row.placeId)! }))
      .sort(
        (a, b) => a.startAt.localeCompare(b.startAt) || a.place.name.localeCompare(b.place.name),
      );
    return { items, cancelledAppointmentIds: conflicts.map((conflict) => conflict.id) };
  });
}
