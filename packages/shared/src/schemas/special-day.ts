import { z } from 'zod';
import { blockConflictSchema, blockOutcomeSchema, blockResolutionsSchema } from './blocked-time';
import { dateSchema, idSchema, itemsOf, timeOfDaySchema } from './common';
import { dayOfWeekSchema } from './operating-hour';

export const specialDayNameMessage = 'Informe o nome do dia (até 80 caracteres).';

/**
 * A special day's fields: a club date, its name, what it covers (the whole club when neither a
 * category nor a place is given) and its hours (both absent: closed). The hours are strings here:
 * hours outside the day are the server's SpecialDayHoursInvalid, one code for every such case.
 */
const specialDayFields = {
  date: dateSchema,
  name: z
    .string({ message: specialDayNameMessage })
    .trim()
    .min(1, specialDayNameMessage)
    .max(80, specialDayNameMessage),
  categoryId: idSchema.nullish(),
  placeId: idSchema.nullish(),
  openTime: z.string().max(16).nullish(),
  closeTime: z.string().max(16).nullish(),
};

export const specialDayPreviewBodySchema = z.object({ companyId: idSchema, ...specialDayFields });
export type SpecialDayPreviewBody = z.input<typeof specialDayPreviewBodySchema>;

export const specialDayBodySchema = z.object({
  companyId: idSchema,
  ...specialDayFields,
  /** What to do with each booking the special day would leave outside its hours (the preview). */
  resolutions: blockResolutionsSchema,
});
export type SpecialDayBody = z.input<typeof specialDayBodySchema>;

export const specialDaySchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  date: z.string(),
  name: z.string(),
  scope: z.enum(['club', 'category', 'place']),
  category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  place: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** "HH:mm"; both null when closed. */
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  closed: z.boolean(),
});
export type SpecialDay = z.infer<typeof specialDaySchema>;
export const specialDayListSchema = itemsOf(specialDaySchema);
export type SpecialDayList = z.infer<typeof specialDayListSchema>;

export const specialDayListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
});

/** The bookings a special day would leave outside its hours (like a block's preview). */
export const specialDayPreviewSchema = z.object({ appointments: z.array(blockConflictSchema) });
export type SpecialDayPreview = z.infer<typeof specialDayPreviewSchema>;

export const savedSpecialDaySchema = z.object({
  specialDay: specialDaySchema,
  kept: z.array(blockOutcomeSchema),
  cancelled: z.array(blockOutcomeSchema),
  moved: z.array(blockOutcomeSchema.extend({ to: z.object({ id: z.uuid(), name: z.string() }) })),
});
export type SavedSpecialDay = z.infer<typeof savedSpecialDaySchema>;

/** A national holiday of a year, offered as a starting list (`added`: the club already has it). */
export const holidaySchema = z.object({ date: z.string(), name: z.string(), added: z.boolean() });
export type Holiday = z.infer<typeof holidaySchema>;
export const holidayListSchema = itemsOf(holidaySchema);
export type HolidayList = z.infer<typeof holidayListSchema>;

/** A place's own hours on a weekday; both null: closed that weekday. */
export const placeWeekdayHoursSchema = z.object({
  dayOfWeek: dayOfWeekSchema,
  openTime: timeOfDaySchema.nullable(),
  closeTime: timeOfDaySchema.nullable(),
});
export type PlaceWeekdayHours = z.infer<typeof placeWeekdayHoursSchema>;

/** A place's week: only the weekdays that differ from the club's (the rest follow the club). */
export const placeWeekSchema = z.object({
  items: z
    .array(placeWeekdayHoursSchema)
    .max(7)
    .refine((items) => new Set(items.map((item) => item.dayOfWeek)).size === items.length, {
      message: 'Cada dia da semana aparece uma vez só.',
    }),
});
export type PlaceWeek = z.infer<typeof placeWeekSchema>;

/** A place's week as the API answers it ("HH:mm"). */
export const placeWeekAnswerSchema = itemsOf(
  z.object({
    dayOfWeek: dayOfWeekSchema,
    openTime: z.string().nullable(),
    closeTime: z.string().nullable(),
  }),
);
