import { associates, companies, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';

/** The membership and club a portal session shows (login, refresh, password change). */
export async function findPortalSession(db: Database, options: { associateId: string }) {
  const [row] = await db
    .select({
      member: {
        id: associates.id,
        name: associates.name,
        cardId: associates.cardId,
        isHolder: associates.isHolder,
      },
      club: {
        id: companies.id,
        name: companies.name,
        logoUrl: companies.logoUrl,
        timezone: companies.timezone,
      },
    })
    .from(associates)
    .innerJoin(companies, eq(companies.id, associates.companyId))
    .where(eq(associates.id, options.associateId));
  return row;
}

export type PortalSessionParts = NonNullable<Awaited<ReturnType<typeof findPortalSession>>>;
