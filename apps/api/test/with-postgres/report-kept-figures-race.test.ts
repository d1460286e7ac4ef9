import { appointments } from '@clube/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAssociate, createPlace } from '../factories';
import { build } from '../helper';
import { at, readReport, weekdayClub } from '../backoffice/reports/reports-scene';

/**
 * The reports' kept figures against a writer on another connection (docs/decisions/
 * 039-report-kept-figures.md): a report whose snapshot misses a booking still being written keeps
 * the day at the version it read, so the report after the booking commits computes the day again.
 * Collected only when DATABASE_URL is set (vitest.config.ts): PGlite has one connection.
 */
const context = build();

describe('kept report figures while a booking commits', () => {
  it('computes again a day a report kept while a booking of it was being written', async () => {
    const club = await weekdayClub(context, '08:00', '12:00');
    const db = context.db;
    const place = await createPlace(db, club.company.id, { name: 'Quadra 1', bookRange: 60 });
    const associate = await createAssociate(db, club.company.id);
    const booking = (time: string) => ({
      companyId: club.company.id,
      placeId: place.id,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      startsAt: at('2026-06-01', time),
      endsAt: at('2026-06-01', `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`),
    });
    const query = { period: 'custom', from: '2026-06-01', to: '2026-06-05' };
    const booked = async () =>
      (await readReport(context, club, query)).occupancy.total.bookedMinutes.current;
    expect(await booked()).toBe(0);
    // A committed booking: Monday's kept row is behind its version, the next report computes it.
    await db.insert(appointments).values(booking('08:00'));

    await db.transaction(async (tx) => {
      await tx.insert(appointments).values(booking('09:00'));
      // Another connection's report does not see the 09:00 booking yet, and keeps Monday so.
      expect(await booked()).toBe(60);
    });

    // Committed now: Monday's kept row was written at the version before it.
    expect(await booked()).toBe(120);
    const kept = await readReport(context, club, query);
    await db.execute(sql`delete from report_place_days where place_id = ${place.id}::uuid`);
    expect(await readReport(context, club, query)).toEqual(kept);
  });
});
