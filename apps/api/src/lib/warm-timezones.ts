import { companies, type Database } from '@clube/db';
import { clubInstant, clubToday } from '@clube/shared';

/**
 * Reads each club's today once, before the server takes requests. The first reading of any
 * timezone loads the runtime's timezone database (about 12 ms of the server's one thread); at a
 * start just before the booking window opens, the first members' requests would otherwise wait
 * for it. Answers the timezones read; one the runtime does not know is skipped (the club's own
 * requests then answer its error, as they would without this).
 */
export async function warmClubTimezones(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ timezone: companies.timezone }).from(companies);
  const warmed: string[] = [];
  for (const { timezone } of rows) {
    try {
      clubInstant(clubToday(timezone), '00:00', timezone);
      warmed.push(timezone);
    } catch {
      // Not a timezone this runtime knows.
    }
  }
  return warmed;
}
