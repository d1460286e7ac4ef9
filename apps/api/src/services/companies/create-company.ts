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

export type CreateCompanyInput = { name: string; timezone?: string; logoUrl?: string | null };

export async function createCompany(db: Database, input: CreateCompanyInput) {
  const name = input.name.trim();
  if (!name) throw new AppError('CompanyNameRequired');
  const timezone = timezoneSchema.safeParse(input.timezone ?? 'America/Sao_Paulo');
  if (!timezone.success) throw new AppError('InvalidTimezone');
  const [company] = await db
    .insert(companies)
    .values({ name, timezone: timezone.data, logoUrl: input.logoUrl ?? null })
    .returning();
  return company!;
}
