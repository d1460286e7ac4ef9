import { companies, companyStaff, type Database } from '@clube/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { companyColumns, toCompany } from './company-row';

/** The clubs a staff member works for, by name, each with their role there. */
export async function listCompaniesOfStaff(db: Database, options: { userId: string }) {
  const rows = await db
    .select({ ...companyColumns, role: companyStaff.role })
    .from(companies)
    .innerJoin(companyStaff, eq(companyStaff.companyId, companies.id))
    .where(eq(companyStaff.userId, options.userId))
    .orderBy(asc(companies.name), asc(companies.id));
  return rows.map((row) => ({ ...toCompany(row), role: row.role }));
}

export async function getCompanyOfStaff(
  db: Database,
  options: { userId: string; companyId: string },
) {
  const [company] = await db
    .select({ ...companyColumns, role: companyStaff.role })
    .from(companies)
    .innerJoin(companyStaff, eq(companyStaff.companyId, companies.id))
    .where(and(eq(companyStaff.userId, options.userId), eq(companies.id, options.companyId)));
  if (!company) throw new AppError('CompanyNotFound');
  return { ...toCompany(company), role: company.role };
}
