import { z } from 'zod';
import { cardIdRule, isValidCardId, normalizeCardId } from '../card-id';
import { cpfSchema, dateSchema } from './common';

/**
 * The rules of a member's fields, one place for every way a member is written: the associates
 * import checks each row's cells with them, and the back office's "Novo associado" and "Editar"
 * send them (docs/domain.md, Associate).
 */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the marks people write a phone with: "(11) 98765-4321", "+55 11 98765 4321". */
export const phonePattern = /^\+?[\d\s().-]{8,20}$/;

const requiredText = (max: number) =>
  z
    .string({ message: 'Campo obrigatório!' })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, 'Campo obrigatório!').max(max, `Máximo ${max} caracteres`));

/** Empty or absent is "none" (null); otherwise it must follow the pattern. */
const optionalText = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || pattern.test(value), message);

export const associateFieldSchemas = {
  cpf: cpfSchema,
  name: requiredText(200),
  birthDate: dateSchema,
  cardId: z
    .string({ message: 'Campo obrigatório!' })
    .trim()
    .min(1, 'Campo obrigatório!')
    .refine(isValidCardId, `Carteirinha inválida: ${cardIdRule}`)
    .transform(normalizeCardId),
  title: requiredText(100),
  isHolder: z.boolean({ message: 'Informe se é titular' }),
  email: optionalText(emailPattern, 'E-mail inválido'),
  phone: optionalText(phonePattern, 'Telefone inválido (ex.: (11) 98765-4321)'),
};

/** POST /associate: one member added by hand (the title by name, created if new). */
export const createAssociateBodySchema = z.object({
  companyId: z.uuid({ message: 'Identificador inválido' }),
  ...associateFieldSchemas,
});
export type CreateAssociateBody = z.input<typeof createAssociateBodySchema>;

/** PATCH /associate/{id}: what staff keep up to date by hand. */
export const updateAssociateBodySchema = z.object({
  name: associateFieldSchemas.name,
  email: associateFieldSchemas.email,
  phone: associateFieldSchemas.phone,
});
export type UpdateAssociateBody = z.input<typeof updateAssociateBodySchema>;
