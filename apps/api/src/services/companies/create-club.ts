import { companyStaff, type Database } from '@clube/db';
import { firstStaffRole, type CompanyOfStaff, type createCompanyBodySchema } from '@clube/shared';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit';
import { createCompany } from './create-company';
import { toCompany } from './company-row';

export type CreateClubOptions = { actorUserId: string } & z.output<typeof createCompanyBodySchema>;

/**
 * A server administrator creates a club from the app (docs/decisions/030): the club, its creator
 * as its first administrator, and `company.create` in its audit trail, in one transaction.
 */
export async function createClub(
  db: Database,
  options: CreateClubOptions,
): Promise<CompanyOfStaff> {
  const { actorUserId, ...values } = options;
  return db.transaction(async (tx) => {
    const company = await createCompany(tx, values);
    await tx
      .insert(companyStaff)
      .values({ companyId: company.id, userId: actorUserId, role: firstStaffRole });
    await recordAudit(tx, {
      companyId: company.id,
      actorUserId,
      action: 'company.create',
      entityType: 'company',
      entityId: company.id,
      data: { after: { name: company.name, timezone: company.timezone } },
    });
    return { ...toCompany(company), role: firstStaffRole };
  });
}
