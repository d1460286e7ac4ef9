import type { Database } from '@clube/db';
import type { Holiday } from '@clube/shared';
import Holidays from 'date-holidays';
import { readSpecialDays } from './special-day-row';

/** Holidays a club may close on: national ones and bank closures, not observances (Mother's Day). */
const offeredTypes = new Set(['public', 'bank', 'optional']);

/**
 * Brazil's national holidays of a year (date-holidays knows Carnival and the Easter-based days),
 * once per date, each marked `added` when the club already has a club-wide special day on it:
 * the starting list staff pick from. States' and cities' days are the club's to add.
 */
export async function listHolidays(
  db: Database,
  options: { companyId: string; year: number },
): Promise<Holiday[]> {
  const calendar = new Holidays('BR', { languages: ['pt'] });
  const seen = new Set<string>();
  const holidays = calendar
    .getHolidays(options.year, 'pt')
    .filter((holiday) => offeredTypes.has(holiday.type))
    .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }))
    .filter((holiday) => !seen.has(holiday.date) && seen.add(holiday.date));
  const clubDays = await readSpecialDays(db, {
    companyId: options.companyId,
    from: `${options.year}-01-01`,
    to: `${options.year + 1}-01-01`,
  });
  const added = new Set(clubDays.filter((day) => day.scope === 'club').map((day) => day.date));
  return holidays.map((holiday) => ({ ...holiday, added: added.has(holiday.date) }));
}
