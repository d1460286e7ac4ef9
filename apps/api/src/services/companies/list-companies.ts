import { companies, companyStaff, type Database } from '@clube/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

const companyColumns = {
  id: companies.id,
  name: companies.name,
  logoUrl: companies.logoUrl,
  timezone: companies.timezone,
};

/** The clubs a staff member works for, by name. */
export function listCompaniesOfStaff(db: Database, userId: string) {
  return db
    .select(companyColumns)
    .from(companies)
    .innerJoin(companyStaff, eq(companyStaff.companyId, companies.id))
    .where(eq(companyStaff.userId, userId))
    .orderBy(asc(companies.name), asc(companies.id));
}

export async function getCompanyOfStaff(db: Database, userId: string, companyId: string) {
  const [company] = await db
    .select(companyColumns)
    .from(companies)
    .innerJoin(companyStaff, eq(companyStaff.companyId, companies.id))
    .where(and(eq(companyStaff.userId, userId), eq(companies.id, companyId)));
  if (!company) throw new AppError('NotFound', 'Clube não encontrado.');
  return company;
}
