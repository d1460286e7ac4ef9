import { z } from 'zod';
import { limits } from '../constants';
import { idSchema, timeOfDaySchema } from './common';
import { placeWeekSchema } from './special-day';

const required = 'Campo obrigatório!';

/**
 * A whole number typed in a text field or sent as JSON: "" and absent are "required", anything
 * else must be an integer within the bounds (the form's numbers are typed as text).
 */
function integerField(bounds: { min: number; max?: number }) {
  let schema = z
    .number({
      error: (issue) => (issue.input === undefined ? required : 'Informe um número inteiro'),
    })
    .int('Informe um número inteiro')
    .min(bounds.min, `O valor mínimo é ${bounds.min}`);
  if (bounds.max !== undefined) schema = schema.max(bounds.max, `O valor máximo é ${bounds.max}`);
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
  }, schema);
}

const requiredTimeSchema = z
  .string({ message: required })
  .trim()
  .min(1, required)
  .pipe(timeOfDaySchema);

const placeFieldShape = {
  name: z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(120, 'Use no máximo 120 caracteres'),
  description: z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(2000, 'Use no máximo 2000 caracteres'),
  categoryId: z.string({ message: required }).min(1, required).pipe(idSchema),
  /** Wall-clock times of day in the club's timezone, "HH:mm". */
  startsAt: requiredTimeSchema,
  endsAt: requiredTimeSchema,
  /** Minutes per booking slot. */
  bookRange: integerField(limits.bookRangeMinutes),
  /** Bookings per title per calendar month at this place; 0 = no limit. */
  associateReservationLimit: integerField({ min: 0, max: 10_000 }),
  /** How many days ahead of today a booking may start. */
  availableBookingDays: integerField({ min: 0, max: 3650 }),
  /** Minimum age in years on the appointment date. */
  ageRestriction: integerField(limits.ageRestriction),
  /** Hours before the start after which a booking can no longer be cancelled. */
  maxCancelBookingTime: integerField({ min: 0, max: 8760 }),
  anonymousBooking: z.boolean().optional(),
  /** Guest lists (docs/domain.md, "Guest lists"); absent on create: no guests. */
  guestsAllowed: z.boolean().optional(),
  /** The most guests one booking may list. */
  guestLimit: integerField(limits.guestLimit).optional(),
  /** Each guest needs a valid CPF; otherwise the name is enough. */
  guestCpfRequired: z.boolean().optional(),
  /** Hours before the start after which the guest list no longer changes. */
  guestListClosesHours: integerField(limits.guestListClosesHours).optional(),
  /**
   * The places of the club this place is made of (docs/domain.md, "Linked places"); absent keeps
   * them, [] makes it a place of its own.
   */
  partPlaceIds: z.array(idSchema).max(20, 'Escolha no máximo 20 espaços').optional(),
};

export const startsBeforeEndsMessage = 'O horário de início deve ser anterior ao de término.';

/** "HH:mm" strings compare like the times they name. */
export function isTimeRangeOrdered(startsAt: string, endsAt: string): boolean {
  return startsAt < endsAt;
}

/** The place form's fields; the create and edit dialogs validate with this. */
export const placeFieldsSchema = z
  .object(placeFieldShape)
  .refine((place) => isTimeRangeOrdered(place.startsAt, place.endsAt), {
    path: ['endsAt'],
    message: startsBeforeEndsMessage,
  });
export type PlaceFieldsInput = z.input<typeof placeFieldsSchema>;
export type PlaceFields = z.output<typeof placeFieldsSchema>;

/**
 * The place's own week, saved with the place in one transaction (as PUT /place/{id}/week saves
 * it); absent keeps the week the place has.
 */
const placeWeekField = { week: placeWeekSchema.optional() };

export const createPlaceBodySchema = z
  .object({ ...placeFieldShape, ...placeWeekField, companyId: idSchema })
  .refine((place) => isTimeRangeOrdered(place.startsAt, place.endsAt), {
    path: ['endsAt'],
    message: startsBeforeEndsMessage,
  });
export type CreatePlaceBody = z.input<typeof createPlaceBodySchema>;

/** PATCH carries the id in the body; absent fields keep their value. */
export const updatePlaceBodySchema = z
  .object({ id: idSchema, ...placeWeekField })
  .extend(
    Object.fromEntries(
      Object.entries(placeFieldShape).map(([key, schema]) => [key, schema.optional()]),
    ) as { [Key in keyof typeof placeFieldShape]: z.ZodOptional<(typeof placeFieldShape)[Key]> },
  );
export type UpdatePlaceBody = z.input<typeof updatePlaceBodySchema>;

const placeRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const placeSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  categoryId: z.uuid(),
  category: z.object({ id: z.uuid(), name: z.string() }),
  name: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  bookRange: z.number().int(),
  anonymousBooking: z.boolean(),
  associateReservationLimit: z.number().int(),
  availableBookingDays: z.number().int(),
  ageRestriction: z.number().int(),
  maxCancelBookingTime: z.number().int(),
  guestsAllowed: z.boolean(),
  guestLimit: z.number().int(),
  guestCpfRequired: z.boolean(),
  guestListClosesHours: z.number().int(),
  /** The places it is made of, and the places it is a part of, by name. */
  parts: z.array(placeRefSchema),
  partOf: z.array(placeRefSchema),
});
export type Place = z.infer<typeof placeSchema>;

/** A card of the place grid: the place plus its cover thumbnail, if it has photos. */
export const placeListItemSchema = placeSchema.extend({ coverImageUrl: z.string().nullable() });
export type PlaceListItem = z.infer<typeof placeListItemSchema>;

export const placeListSchema = z.object({ items: z.array(placeListItemSchema) });
export type PlaceList = z.infer<typeof placeListSchema>;
