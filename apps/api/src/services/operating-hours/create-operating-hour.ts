import { operatingHours, type Database } from '@clube/db';
import type { operatingHourBodySchema } from '@clube/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { assertOpenBeforeClose } from './assert-open-before-close';
import { operatingHourColumns, toOperatingHour } from './operating-hour-row';

/** Create and update take the same options: the club's weekday and its hours. */
export type OperatingHourOptions = { actorUserId: string } & z.output<
  typeof operatingHourBodySchema
>;

export async function createOperatingHour(db: Database, options: OperatingHourOptions) {
  const { actorUserId, ...input } = options;
  assertOpenBeforeClose(input.openTime, input.closeTime);
  return db.transaction(async (tx) => {
    // The unique (club, weekday) index decides races; a second row for the day is a 409.
    const [row] = await tx
      .insert(operatingHours)
      .values(input)
      .onConflictDoNothing({ target: [operatingHours.companyId, operatingHours.dayOfWeek] })
      .returning(operatingHourColumns);
    if (!row) {
      throw new AppError('OperatingHourExists');
    }
    const operatingHour = toOperatingHour(row);
    await recordAudit(tx, {
      companyId: input.companyId,
      actorUserId,
      action: 'operating-hour.create',
      entityType: 'operating_hour',
      entityId: operatingHour.id,
      data: { dayOfWeek: input.dayOfWeek, openTime: input.openTime, closeTime: input.closeTime },
    });
    return operatingHour;
  });
}
