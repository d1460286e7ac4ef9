import { specialDays, type Database } from '@clube/db';
import type { specialDayBodySchema } from '@clube/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { transactionAnnouncing } from '../../lib/club-events';
import { lockPlace } from '../../lib/place-lock';
import { outcomeOf, readMoveTargetNames, resolveImpact } from '../blocked-times/resolve-impact';
import { findSpecialDayImpact, planSpecialDay } from './plan-special-day';
import { readSpecialDays } from './special-day-row';

export type SaveSpecialDayOptions = {
  actorUserId: string;
  /** The special day edited; absent to create one. */
  id?: string;
  /** Base of the portal link in the messages telling members of cancelled or moved bookings. */
  publicUrl: string;
} & z.output<typeof specialDayBodySchema>;

/**
 * The bookings a special day would leave outside its hours, each with the free places it may move
 * to. Read without locks: an advice for the dialog; the save checks again.
 */
export async function previewSpecialDay(
  db: Database,
  options: Omit<SaveSpecialDayOptions, 'resolutions' | 'publicUrl' | 'actorUserId'>,
) {
  const plan = await planSpecialDay(db, { ...options, editedId: options.id });
  const { affected, conflictsOf } = await findSpecialDayImpact(db, plan);
  return { appointments: conflictsOf(affected) };
}

/**
 * Creates or edits a special day in one transaction, like a block: every booking it would leave
 * outside its hours must be kept, cancelled (the member is told the day's name) or moved, or the
 * whole request is refused with 409 SpecialDayConflictsWithAppointments listing them. The places it
 * decides and the move targets are locked first (the booking's lock), so no booking slips in.
 */
export async function saveSpecialDay(db: Database, options: SaveSpecialDayOptions) {
  const { companyId, actorUserId } = options;
  if (options.id) {
    const [existing] = await readSpecialDays(db, { companyId, id: options.id });
    if (!existing) throw new AppError('SpecialDayNotFound');
  }
  const plan = await planSpecialDay(db, { ...options, editedId: options.id });
  const resolutions = options.resolutions ?? [];
  const targetNameOf = await readMoveTargetNames(db, { companyId, resolutions });
  const lockIds = [...new Set([...plan.placeIds, ...targetNameOf.keys()])].sort();

  return transactionAnnouncing(db, async (tx, announce) => {
    for (const placeId of lockIds) await lockPlace(tx, placeId);
    const { affected, targets, conflictsOf } = await findSpecialDayImpact(tx, plan);
    const { kept, cancelled, moved, events } = await resolveImpact(tx, {
      companyId,
      timezone: plan.timezone,
      actorUserId,
      reason: options.name,
      cause: 'special-day',
      publicUrl: options.publicUrl,
      affected,
      targets,
      conflictsOf,
      resolutions,
      targetNameOf,
      conflictKey: 'SpecialDayConflictsWithAppointments',
    });

    const values = {
      date: options.date,
      name: options.name,
      categoryId: plan.categoryId,
      placeId: plan.placeId,
      openTime: plan.hours?.openTime ?? null,
      closeTime: plan.hours?.closeTime ?? null,
    };
    const [row] = options.id
      ? await tx
          .update(specialDays)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(specialDays.id, options.id), eq(specialDays.companyId, companyId)))
          .returning({ id: specialDays.id })
      : await tx
          .insert(specialDays)
          .values({ ...values, companyId, createdBy: actorUserId })
          .returning({ id: specialDays.id });
    if (!row) throw new AppError('SpecialDayNotFound');
    await recordAudit(tx, {
      companyId,
      actorUserId,
      action: options.id ? 'special-day.update' : 'special-day.create',
      entityType: 'special_day',
      entityId: row.id,
      data: values,
    });
    announce([
      ...plan.placeIds.map((placeId) => ({
        companyId,
        kind: 'special-day.saved' as const,
        placeId,
        date: options.date,
      })),
      ...events,
    ]);
    const [specialDay] = await readSpecialDays(tx, { companyId, id: row.id });
    return {
      specialDay: specialDay!,
      kept: kept.map(outcomeOf),
      cancelled: cancelled.map(outcomeOf),
      moved: moved.map(({ booking, to }) => ({ ...outcomeOf(booking), to })),
    };
  });
}
