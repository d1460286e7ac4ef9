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

/** What the login form checks before sending (SPEC.md §5). */
export const loginFormSchema = z.object({
  cpf: z.string().trim().min(1, 'Campo obrigatório!'),
  password: z.string().min(1, 'Campo obrigatório!').min(limits.passwordMinLength, 'Senha inválida'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  cpf: z.string(),
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
