import { companies } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { warmClubTimezones } from '../src/lib/warm-timezones';
import { createClubWithStaff } from './factories';
import { useTestDatabase } from './helper';

const database = useTestDatabase();

describe('warmClubTimezones', () => {
  it("reads each club's timezone once, and skips one the runtime does not know", async () => {
    const { db } = database.database;
    await createClubWithStaff(db, { timezone: 'America/Sao_Paulo' });
    await createClubWithStaff(db, { timezone: 'America/Sao_Paulo' });
    await createClubWithStaff(db, { timezone: 'America/Manaus' });
    // Clubs are created with a known timezone; a row changed outside the API may hold any text.
    const { company } = await createClubWithStaff(db);
    await db
      .update(companies)
      .set({ timezone: 'Lua/Mar_da_Tranquilidade' })
      .where(eq(companies.id, company.id));

    const warmed = await warmClubTimezones(db);
    expect(warmed.filter((zone) => zone === 'America/Sao_Paulo')).toHaveLength(1);
    expect(warmed).toContain('America/Manaus');
    expect(warmed).not.toContain('Lua/Mar_da_Tranquilidade');
  });
});
