import { z } from 'zod';
import { staffRoleSchema } from './staff';

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  timezone: z.string(),
  /** Minutes after the start before a booking may be marked as a no-show. */
  noShowToleranceMinutes: z.number().int(),
  /** "N no-shows within D days suspend the title for S days"; N null or 0 = off. */
  noShowSuspensionCount: z.number().int().nullable(),
  noShowWindowDays: z.number().int(),
  noShowSuspensionDays: z.number().int(),
  /** Hours before a booking its reminder goes to the member; null = no reminders. */
  reminderHours: z.number().int().nullable(),
  /** Minutes a waitlist offer holds a freed slot (shorter when the slot starts sooner). */
  waitlistOfferMinutes: z.number().int(),
  /** The most waitlists one title may be in at once. */
  waitlistMaxPerTitle: z.number().int(),
  createdAt: z.iso.datetime(),
  /** Bumped by every change to the club: name, timezone or logo. */
  updatedAt: z.iso.datetime(),
});
export type Company = z.infer<typeof companySchema>;

/** A club as one of its staff sees it: with the caller's role there. */
export const companyOfStaffSchema = companySchema.extend({ role: staffRoleSchema });
export type CompanyOfStaff = z.infer<typeof companyOfStaffSchema>;

export const companyListSchema = z.object({
  items: z.array(companyOfStaffSchema),
  /** The caller administers the server: they may create clubs (POST /company). */
  canCreateClubs: z.boolean().default(false),
});
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
  // The no-show policy: each field left out keeps its value.
  noShowToleranceMinutes: z
    .number({ message: 'Informe um número' })
    .int('Use minutos inteiros')
    .min(0, 'Mínimo 0')
    .max(1440, 'Máximo 1440 minutos')
    .optional(),
  /** 0 or null turns the suspension off. */
  noShowSuspensionCount: z
    .number({ message: 'Informe um número' })
    .int('Use um número inteiro')
    .min(0, 'Mínimo 0')
    .max(100, 'Máximo 100')
    .nullable()
    .optional(),
  noShowWindowDays: z
    .number({ message: 'Informe um número' })
    .int('Use dias inteiros')
    .min(1, 'Mínimo 1 dia')
    .max(365, 'Máximo 365 dias')
    .optional(),
  noShowSuspensionDays: z
    .number({ message: 'Informe um número' })
    .int('Use dias inteiros')
    .min(1, 'Mínimo 1 dia')
    .max(365, 'Máximo 365 dias')
    .optional(),
  /** null turns the reminders off; left out keeps the value. */
  reminderHours: z
    .number({ message: 'Informe um número' })
    .int('Use horas inteiras')
    .min(1, 'Mínimo 1 hora')
    .max(168, 'Máximo 168 horas')
    .nullable()
    .optional(),
  // Waitlists: each field left out keeps its value.
  waitlistOfferMinutes: z
    .number({ message: 'Informe um número' })
    .int('Use minutos inteiros')
    .min(1, 'Mínimo 1 minuto')
    .max(1440, 'Máximo 1440 minutos')
    .optional(),
  waitlistMaxPerTitle: z
    .number({ message: 'Informe um número' })
    .int('Use um número inteiro')
    .min(1, 'Mínimo 1')
    .max(50, 'Máximo 50')
    .optional(),
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBodySchema>;

/** POST /backoffice/company: a new club; its creator becomes its administrator. */
export const createCompanyBodySchema = z.object({
  name: updateCompanyBodySchema.shape.name,
  timezone: updateCompanyBodySchema.shape.timezone.default('America/Sao_Paulo'),
});
export type CreateCompanyBody = z.input<typeof createCompanyBodySchema>;
