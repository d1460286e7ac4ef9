import { z } from 'zod';
import { limits } from '../constants';
import { cpfSchema } from './common';

export const loginBodySchema = z.object({
  cpf: cpfSchema,
  password: z
    .string({ message: 'Campo obrigatório!' })
    .min(1, 'Campo obrigatório!')
    .max(200, 'Senha inválida'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/**
 * The back office's sign-in: with `invitation`, the person also accepts a club's invitation to its
 * staff, proving it with the club's link token or one-time password (docs/domain.md, Staff).
 */
export const staffLoginBodySchema = loginBodySchema.extend({
  invitation: z
    .string()
    .trim()
    .max(200, 'Convite inválido')
    .regex(/^[A-Za-z0-9_-]*$/, 'Convite inválido')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type StaffLoginBody = z.input<typeof staffLoginBodySchema>;

/** What the login form checks before sending (docs/domain.md, Back-office screens). */
export const loginFormSchema = z.object({
  cpf: z.string().trim().min(1, 'Campo obrigatório!'),
  password: z.string().min(1, 'Campo obrigatório!').min(limits.passwordMinLength, 'Senha inválida'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  cpf: z.string(),
  /** A one-time password is in use: the back office opens nothing but the password change. */
  mustChangePassword: z.boolean().default(false),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user: sessionUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const refreshBodySchema = z.object({
  refresh_token: z.string({ message: 'Campo obrigatório!' }).min(1, 'Campo obrigatório!').max(200),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

const newPasswordSchema = z
  .string({ message: 'Campo obrigatório!' })
  .min(1, { message: 'Campo obrigatório!', abort: true })
  .min(limits.passwordMinLength, 'Senha inválida')
  .max(200, 'Senha inválida');

/** PATCH /backoffice/profile/password: the signed-in staff member changes their own password. */
export const changeOwnPasswordBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Campo obrigatório!' })
    .min(1, 'Campo obrigatório!')
    .max(200, 'Senha inválida'),
  newPassword: newPasswordSchema,
});
export type ChangeOwnPasswordBody = z.infer<typeof changeOwnPasswordBodySchema>;

/** The profile form: the body plus a confirmation that must repeat the new password. */
export const changeOwnPasswordFormSchema = changeOwnPasswordBodySchema
  .extend({
    confirmPassword: z.string().min(1, 'Campo obrigatório!'),
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: 'As senhas não conferem',
    path: ['confirmPassword'],
  });
export type ChangeOwnPasswordForm = z.infer<typeof changeOwnPasswordFormSchema>;
