import { companies } from '@clube/db';
import type { Company } from '@clube/shared';

/** The club's settings staff change: its clock, no-show policy, reminders and waitlists. */
export const companySettingsColumns = {
  timezone: companies.timezone,
  noShowToleranceMinutes: companies.noShowToleranceMinutes,
  noShowSuspensionCount: companies.noShowSuspensionCount,
  noShowWindowDays: companies.noShowWindowDays,
  noShowSuspensionDays: companies.noShowSuspensionDays,
  reminderHours: companies.reminderHours,
  waitlistOfferMinutes: companies.waitlistOfferMinutes,
  waitlistMaxPerTitle: companies.waitlistMaxPerTitle,
};

export const companyColumns = {
  id: companies.id,
  name: companies.name,
  logoUrl: companies.logoUrl,
  ...companySettingsColumns,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

type CompanyRow = Omit<Company, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

/** The wire shape: instants as ISO 8601 strings. */
export function toCompany(row: CompanyRow): Company {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
