import { z } from 'zod';

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  timezone: z.string(),
  createdAt: z.iso.datetime(),
  /** Bumped by every change to the club: name, timezone or logo. */
  updatedAt: z.iso.datetime(),
});
export type Company = z.infer<typeof companySchema>;

export const companyListSchema = z.object({ items: z.array(companySchema) });
export type CompanyList = z.infer<typeof companyListSchema>;

/** The zones the settings screen offers: every Brazilian IANA zone, plus UTC. */
export const brazilianTimezones = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Cuiaba',
  'America/Belem',
  'America/Fortaleza',
  'America/Recife',
  'America/Bahia',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
  'UTC',
] as const;

/**
 * PATCH /backoffice/company/{id}. The server also checks the timezone is a real IANA name (any
 * zone, not only the ones the screen offers).
 */
export const updateCompanyBodySchema = z.object({
  name: z
    .string({ message: 'Campo obrigatório!' })
    .trim()
    .min(1, 'Campo obrigatório!')
    .max(120, 'Máximo 120 caracteres'),
  timezone: z
    .string({ message: 'Campo obrigatório!' })
    .trim()
    .min(1, 'Campo obrigatório!')
    .max(64, 'Fuso horário inválido'),
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBodySchema>;
