import type { Database } from '@clube/db';
import { readSpecialDays } from './special-day-row';

/** A club's special days of a year, by date. */
export async function listSpecialDays(db: Database, options: { companyId: string; year: number }) {
  return readSpecialDays(db, {
    companyId: options.companyId,
    from: `${options.year}-01-01`,
    to: `${options.year + 1}-01-01`,
  });
}
