import { associates, companies, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';

/** A member as the portal shows them: name, card and whether they hold the title. */
export const portalMemberColumns = {
  id: associates.id,
  name: associates.name,
  cardId: associates.cardId,
  isHolder: associates.isHolder,
};

/** A club as the portal shows it. */
export const portalClubColumns = {
  id: companies.id,
  name: companies.name,
  logoUrl: companies.logoUrl,
  timezone: companies.timezone,
};

/** The membership and club a portal session shows (login, refresh, password change). */
export async function findPortalSession(db: Database, options: { associateId: string }) {
  const [row] = await db
    .select({ member: portalMemberColumns, club: portalClubColumns })
    .from(associates)
    .innerJoin(companies, eq(companies.id, associates.companyId))
    .where(eq(associates.id, options.associateId));
  return row;
}

export type PortalSessionParts = NonNullable<Awaited<ReturnType<typeof findPortalSession>>>;
