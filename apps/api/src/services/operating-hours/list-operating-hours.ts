import { operatingHours, type Database } from '@clube/db';
import { daysOfWeek } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { operatingHourColumns, toOperatingHour } from './operating-hour-row';

/** The club's week, DOMINGO first: the back office's weeks start on Sunday. */
export async function listOperatingHours(db: Database, options: { companyId: string }) {
  const rows = await db
    .select(operatingHourColumns)
    .from(operatingHours)
    .where(eq(operatingHours.companyId, options.companyId));
  return rows
    .map(toOperatingHour)
    .sort((a, b) => daysOfWeek.indexOf(a.dayOfWeek) - daysOfWeek.indexOf(b.dayOfWeek));
}
