import { specialDays, type Database } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';

/**
 * Removes a special day of the caller's club: its date follows the weekly hours again (no booking
 * is touched). SpecialDayNotFound for another club's.
 */
export async function deleteSpecialDay(
  db: Database,
  options: { id: string; companyIds: ReadonlySet<string>; actorUserId: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(specialDays).where(eq(specialDays.id, options.id));
    if (!row || !options.companyIds.has(row.companyId)) throw new AppError('SpecialDayNotFound');
    await tx
      .delete(specialDays)
      .where(and(eq(specialDays.id, row.id), eq(specialDays.companyId, row.companyId)));
    await recordAudit(tx, {
      companyId: row.companyId,
      actorUserId: options.actorUserId,
      action: 'special-day.delete',
      entityType: 'special_day',
      entityId: row.id,
      data: { date: row.date, name: row.name },
    });
    return { ok: true as const };
  });
}
