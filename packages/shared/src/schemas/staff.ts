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
  /**
   * True until the person accepts the club's invitation (its link, or its one-time password).
   * Until then `name` and `email` are what the club typed, never the account's.
   */
  invitationPending: z.boolean(),
  /** While pending: true when the invitation went as a link to `email`, false for a one-time password. */
  invitedByEmail: z.boolean(),
  /** When they joined the club. */
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

export const companyParamsSchema = z.object({ companyId: idSchema });
export const staffMemberParamsSchema = z.object({ companyId: idSchema, userId: idSchema });

/**
 * POST /backoffice/company/{companyId}/staff. Whether the CPF already has an account or not, the
 * answer is the same: an invitation, pending until the person accepts it — by a link mailed to
 * `email` (the server sends mail and an e-mail is given) or by a one-time password shown once.
 */
export const addStaffBodySchema = z.object({
  cpf: cpfSchema,
  name: z
    .string({ message: 'O nome é obrigatório.' })
    .trim()
    .min(1, 'O nome é obrigatório.')
    .max(120, 'Máximo 120 caracteres'),
  email: z
    .union([z.literal(''), z.email('E-mail inválido').max(200, 'E-mail inválido')])
    .optional(),
  role: staffRoleSchema,
});
export type AddStaffBody = z.input<typeof addStaffBodySchema>;

export const addStaffResultSchema = z.object({
  member: staffMemberSchema,
  /** Shown once to the administrator, to hand over; null when the invitation went by e-mail. */
  oneTimePassword: z.string().nullable(),
  /** The invitation mailed: where to, and until when its link works. */
  invitation: z.object({ email: z.string(), expiresAt: z.iso.datetime() }).nullable(),
});
export type AddStaffResult = z.infer<typeof addStaffResultSchema>;

export const updateStaffRoleBodySchema = z.object({ role: staffRoleSchema });
export type UpdateStaffRoleBody = z.infer<typeof updateStaffRoleBodySchema>;
