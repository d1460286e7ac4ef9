import { z } from 'zod';
import { daysOfWeek } from '../constants';
import { idSchema, itemsOf, timeOfDaySchema } from './common';

export const openBeforeCloseMessage =
  'O horário de abertura deve ser anterior ao horário de fechamento!';

export const dayOfWeekSchema = z.enum(daysOfWeek, { message: 'Dia da semana inválido' });

/**
 * Create and update share one body: the update finds its row by club and weekday. The
 * open-before-close rule is checked by the server (one clear message) rather than here.
 */
export const operatingHourBodySchema = z.object({
  openTime: timeOfDaySchema,
  closeTime: timeOfDaySchema,
  dayOfWeek: dayOfWeekSchema,
  companyId: idSchema,
});
export type OperatingHourBody = z.input<typeof operatingHourBodySchema>;

export const operatingHourSchema = z.object({
  id: z.uuid(),
  dayOfWeek: dayOfWeekSchema,
  openTime: z.string(),
  closeTime: z.string(),
  companyId: z.uuid(),
});
export type OperatingHour = z.infer<typeof operatingHourSchema>;

export const operatingHourListSchema = itemsOf(operatingHourSchema);
export type OperatingHourList = z.infer<typeof operatingHourListSchema>;

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What a day card checks before sending: both times required, open before close. */
export const operatingHourFormSchema = z
  .object({
    openTime: z
      .string()
      .trim()
      .min(1, 'Horário de abertura é obrigatório')
      .regex(hhmm, 'Horário inválido (use HH:mm)'),
    closeTime: z
      .string()
      .trim()
      .min(1, 'Horário de fechamento é obrigatório')
      .regex(hhmm, 'Horário inválido (use HH:mm)'),
  })
  .refine(
    (form) =>
      !hhmm.test(form.openTime) || !hhmm.test(form.closeTime) || form.openTime < form.closeTime,
    {
      path: ['closeTime'],
      message: openBeforeCloseMessage,
    },
  );
export type OperatingHourForm = z.infer<typeof operatingHourFormSchema>;
