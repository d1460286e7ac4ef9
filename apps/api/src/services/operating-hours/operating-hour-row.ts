import { operatingHours } from '@clube/db';
import type { OperatingHour } from '@clube/shared';

export const operatingHourColumns = {
  id: operatingHours.id,
  dayOfWeek: operatingHours.dayOfWeek,
  openTime: operatingHours.openTime,
  closeTime: operatingHours.closeTime,
  companyId: operatingHours.companyId,
};

type OperatingHourRow = { [key in keyof typeof operatingHourColumns]: OperatingHour[key] };

/** Postgres answers `time` as "HH:mm:ss"; the API speaks "HH:mm". */
export function toOperatingHour(row: OperatingHourRow): OperatingHour {
  return { ...row, openTime: row.openTime.slice(0, 5), closeTime: row.closeTime.slice(0, 5) };
}
