import { randomUUID } from 'node:crypto';
import { blockedTimes, companies, places, type Database } from '@clube/db';
import type { blockPreviewBodySchema, bulkBlockBodySchema } from '@clube/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { clubDatesOf, transactionAnnouncing } from '../../lib/club-events';
import { lockPlace } from '../../lib/place-lock';
import {
  loadMoveTargets,
  subtractIntervals,
  toBlockConflict,
  type AffectedBooking,
} from './block-impact';
import { readBookingsOverlapping } from '../appointments/place-day/read-bookings-overlapping';
import { toBlockedTime } from './blocked-time-row';
import { outcomeOf, readMoveTargetNames, resolveImpact } from './resolve-impact';
import { expandWeeklyRecurrence } from './expand-weekly-recurrence';

export type Caller = { userId: string; companyIds: ReadonlySet<string> };

export type PreviewBlockedTimesOptions = {
  caller: Caller;
} & z.output<typeof blockPreviewBodySchema>;

export type CreateBlockedTimesOptions = {
  caller: Caller;
  /** Base of the portal link in the messages telling members of cancelled or moved bookings. */
  publicUrl: string;
} & z.output<typeof bulkBlockBodySchema>;

/**
 * The places to block, all active and of one club the caller works for; any other id makes the
 * whole request a 404, so a bulk block is all or nothing.
 */
async function loadPlaces(db: Database, options: { caller: Caller; placeIds: string[] }) {
  const { caller, placeIds } = options;
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

/** What a block covers: its places (each once, in a stable order), their club, its occurrences. */
async function planBlock(db: Database, options: PreviewBlockedTimesOptions) {
  const placeIds = [...new Set(options.placeIds)].sort();
  const loaded = await loadPlaces(db, { caller: options.caller, placeIds });
  const occurrences = expandWeeklyRecurrence(
    { startsAt: new Date(options.startAt), endsAt: new Date(options.endsAt) },
    options.recurrence,
    loaded.timezone,
  );
  return { ...loaded, placeIds, occurrences };
}

type BlockPlan = Awaited<ReturnType<typeof planBlock>>;

/**
 * The bookings a block would hit, the free places each may move to, and their wire shape (the
 * preview's answer, the details of a 409). The same reading for the preview and, under the
 * places' locks, for the creation.
 */
async function findBlockImpact(db: Database, plan: BlockPlan) {
  const { companyId, timezone, placeIds, occurrences } = plan;
  const affected = await readBookingsOverlapping(db, { placeIds, ranges: occurrences });
  const targets = await loadMoveTargets(db, {
    companyId,
    timezone,
    blockedPlaceIds: placeIds,
    bookings: affected,
  });
  const conflictsOf = (bookings: AffectedBooking[]) =>
    bookings.map((booking) => toBlockConflict(booking, targets.freePlacesFor(booking)));
  return { affected, targets, conflictsOf };
}

/**
 * The bookings a block would hit, each with the free places it may move to (docs/domain.md,
 * Blocked time). Read without locks: an advice for the dialog; the creation checks again.
 */
export async function previewBlockedTimes(db: Database, options: PreviewBlockedTimesOptions) {
  const { affected, conflictsOf } = await findBlockImpact(db, await planBlock(db, options));
  return { appointments: conflictsOf(affected) };
}

/**
 * Blocks one or more places, once or weekly, in one transaction: every row or none. Every
 * booking the block would hit must be resolved — kept (the block leaves its time out), cancelled
 * (with the block's reason) or moved to a free place of its category at the same time — or the
 * whole request is refused with 409 BlockConflictsWithAppointments listing the unresolved ones.
 * The places blocked and the places moved to are locked first (the booking's lock), so no booking
 * can slip in between the check and the writes.
 */
export async function createBlockedTimes(db: Database, options: CreateBlockedTimesOptions) {
  const { caller, description } = options;
  const plan = await planBlock(db, options);
  const { companyId, timezone, placeIds, occurrences } = plan;
  const recurrenceId = options.recurrence ? randomUUID() : null;
  const placeNameOf = new Map(plan.places.map((place) => [place.id, place.name]));
  const resolutions = options.resolutions ?? [];

  // Only the club's own places are worth locking; any other target is refused by resolveImpact.
  const targetNameOf = await readMoveTargetNames(db, { companyId, resolutions });
  const lockIds = [...new Set([...placeIds, ...targetNameOf.keys()])].sort();

  return transactionAnnouncing(db, async (tx, announce) => {
    // The same per-place lock as a booking, in one stable order for every caller.
    for (const placeId of lockIds) await lockPlace(tx, placeId);

    const { affected, targets, conflictsOf } = await findBlockImpact(tx, plan);
    const { kept, cancelled, moved, events } = await resolveImpact(tx, {
      companyId,
      timezone,
      actorUserId: caller.userId,
      reason: description,
      cause: 'blocked-time',
      publicUrl: options.publicUrl,
      affected,
      targets,
      conflictsOf,
      resolutions,
      targetNameOf,
      conflictKey: 'BlockConflictsWithAppointments',
    });

    // A kept booking splits the block of its place around its time.
    const pieces = placeIds.flatMap((placeId) => {
      const holes = kept.filter((booking) => booking.placeId === placeId);
      return occurrences.flatMap((occurrence) =>
        subtractIntervals(occurrence, holes).map((piece) => ({ placeId, ...piece })),
      );
    });
    const rows =
      pieces.length === 0
        ? []
        : await tx
            .insert(blockedTimes)
            .values(
              pieces.map((piece) => ({
                companyId,
                placeId: piece.placeId,
                description,
                startsAt: piece.startsAt,
                endsAt: piece.endsAt,
                recurrenceId,
                createdBy: caller.userId,
              })),
            )
            .returning();

    for (const row of rows) {
      await recordAudit(tx, {
        companyId,
        actorUserId: caller.userId,
        action: 'blocked-time.create',
        entityType: 'blocked_time',
        entityId: row.id,
        placeId: row.placeId,
        data: {
          description: row.description,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          recurrenceId,
        },
      });
    }

    announce([
      ...rows.flatMap((row) =>
        clubDatesOf(row, timezone).map((date) => ({
          companyId,
          kind: 'blocked-time.created' as const,
          placeId: row.placeId,
          date,
        })),
      ),
      ...events,
    ]);

    const items = rows
      .map((row) => toBlockedTime({ ...row, placeName: placeNameOf.get(row.placeId)! }))
      .sort(
        (a, b) => a.startAt.localeCompare(b.startAt) || a.place.name.localeCompare(b.place.name),
      );
    return {
      items,
      kept: kept.map(outcomeOf),
      cancelled: cancelled.map(outcomeOf),
      moved: moved.map(({ booking, to }) => ({ ...outcomeOf(booking), to })),
    };
  });
}
