import { z } from 'zod';
import { idSchema } from './common';

const categoryNameSchema = z
  .string({ message: 'Campo obrigatório!' })
  .trim()
  .min(1, 'Campo obrigatório!')
  .max(120, 'Use no máximo 120 caracteres');

/** The fields a staff member edits (the create and edit dialogs use this too). */
export const categoryFieldsSchema = z.object({
  name: categoryNameSchema,
  /** A title may hold only one booking a day in places of this category. */
  blockedAppointmentDay: z.boolean().default(false),
  /** A title may not book the same clock time it booked the day before in this category. */
  notAppointmentPreviousDayTime: z.boolean().default(false),
  /** Members may join the waitlist of a taken slot of this category's places. */
  waitlistEnabled: z.boolean().default(true),
});
export type CategoryFields = z.input<typeof categoryFieldsSchema>;

export const createCategoryBodySchema = categoryFieldsSchema.extend({ companyId: idSchema });
export type CreateCategoryBody = z.input<typeof createCategoryBodySchema>;

export const updateCategoryBodySchema = z.object({
  id: idSchema,
  name: categoryNameSchema.optional(),
  blockedAppointmentDay: z.boolean().optional(),
  notAppointmentPreviousDayTime: z.boolean().optional(),
  waitlistEnabled: z.boolean().optional(),
});
export type UpdateCategoryBody = z.input<typeof updateCategoryBodySchema>;

export const categorySchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  blockedAppointmentDay: z.boolean(),
  notAppointmentPreviousDayTime: z.boolean(),
  waitlistEnabled: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ items: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;

export const companyIdParamsSchema = z.object({ companyId: idSchema });
