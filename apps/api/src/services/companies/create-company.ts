import { companies, type Database } from '@clube/db';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

export const timezoneSchema = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'fuso horário IANA desconhecido (ex.: America/Sao_Paulo)');

export type CreateCompanyOptions = { name: string; timezone?: string; logoUrl?: string | null };

export async function createCompany(db: Database, options: CreateCompanyOptions) {
  const name = options.name.trim();
  if (!name) throw new AppError('CompanyNameRequired');
  const timezone = timezoneSchema.safeParse(options.timezone ?? 'America/Sao_Paulo');
  if (!timezone.success) throw new AppError('InvalidTimezone');
  const [company] = await db
    .insert(companies)
    .values({ name, timezone: timezone.data, logoUrl: options.logoUrl ?? null })
    .returning();
  return company!;
}
