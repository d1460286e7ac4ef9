import { z } from 'zod';
import { staffRoles } from '../permissions';
import { cpfSchema, idSchema } from './common';

export const staffRoleSchema = z.enum(staffRoles, { message: 'Escolha um papel' });

/** One staff member of a club, as the Equipe screen lists them. */
export const staffMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  cpf: z.string(),
  email: z.string().nullable(),
  role: staffRoleSchema,
  /** True until the person replaces the one-time password they were given. */
  mustChangePassword: z.boolean(),
  /** True while the person has no password yet: invited by e-mail, the link not used. */
  invitationPending: z.boolean(),
  /** When they joined the club. */
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

export const companyParamsSchema = z.object({ companyId: idSchema });
export const staffMemberParamsSchema = z.object({ companyId: idSchema, userId: idSchema });

/**
 * POST /backoffice/company/{companyId}/staff. An existing staff account (by CPF) is added as it
 * is, its name and e-mail untouched; a new one needs the name, and is invited by e-mail (when the
 * server sends mail and an e-mail is given) or gets a one-time password.
 */
export const addStaffBodySchema = z.object({
  cpf: cpfSchema,
  name: z.string().trim().max(120, 'Máximo 120 caracteres').optional(),
  email: z
    .union([z.literal(''), z.email('E-mail inválido').max(200, 'E-mail inválido')])
    .optional(),
  role: staffRoleSchema,
});
export type AddStaffBody = z.input<typeof addStaffBodySchema>;

export const addStaffResultSchema = z.object({
  member: staffMemberSchema,
  /** Shown once to the administrator; null when an existing account was added or one invited. */
  oneTimePassword: z.string().nullable(),
  /** The invitation mailed to a new account: where to, and until when its link works. */
  invitation: z.object({ email: z.string(), expiresAt: z.iso.datetime() }).nullable(),
});
export type AddStaffResult = z.infer<typeof addStaffResultSchema>;

export const updateStaffRoleBodySchema = z.object({ role: staffRoleSchema });
export type UpdateStaffRoleBody = z.infer<typeof updateStaffRoleBodySchema>;
