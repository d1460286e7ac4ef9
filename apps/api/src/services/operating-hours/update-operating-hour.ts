import { operatingHours, type Database } from '@clube/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { assertOpenBeforeClose } from './assert-open-before-close';
import type { OperatingHourOptions } from './create-operating-hour';
import { operatingHourColumns, toOperatingHour } from './operating-hour-row';

/** Updates the row of the club's weekday; a weekday without hours yet is a 404. */
export async function updateOperatingHour(db: Database, options: OperatingHourOptions) {
  const { actorUserId, ...input } = options;
  assertOpenBeforeClose(input.openTime, input.closeTime);
  return db.transaction(async (tx) => {
    const where = and(
      eq(operatingHours.companyId, input.companyId),
      eq(operatingHours.dayOfWeek, input.dayOfWeek),
    );
    const [before] = await tx.select(operatingHourColumns).from(operatingHours).where(where);
    if (!before) {
      throw new AppError('OperatingHourNotFound');
    }
    const [row] = await tx
      .update(operatingHours)
      .set({ openTime: input.openTime, closeTime: input.closeTime, updatedAt: sql`now()` })
      .where(where)
      .returning(operatingHourColumns);
    const operatingHour = toOperatingHour(row!);
    await recordAudit(tx, {
      companyId: input.companyId,
      actorUserId,
      action: 'operating-hour.update',
      entityType: 'operating_hour',
      entityId: operatingHour.id,
      data: {
        dayOfWeek: input.dayOfWeek,
        before: { openTime: before.openTime.slice(0, 5), closeTime: before.closeTime.slice(0, 5) },
        after: { openTime: input.openTime, closeTime: input.closeTime },
      },
    });
    return operatingHour;
  });
}
