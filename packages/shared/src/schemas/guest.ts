import { z } from 'zod';
import { limits } from '../constants';
import { dateSchema, idSchema } from './common';

/**
 * Guest lists (docs/domain.md, "Guest lists"). A list is sent whole: guests with an id keep their
 * row (and their check-in mark), guests without one are added, the booking's other guests are
 * removed. The CPF's check digits and the place's limits are the service's rules, each with its
 * own error code.
 */
export const guestInputSchema = z.object({
  id: idSchema.optional(),
  name: z
    .string({ message: 'Campo obrigatório!' })
    .trim()
    .min(1, 'Informe o nome do convidado')
    .max(limits.guestNameMaxLength, `Use no máximo ${limits.guestNameMaxLength} caracteres`),
  /** With or without its mask; blank = none. */
  cpf: z.string().trim().max(20, 'CPF inválido').optional(),
});
export type GuestInput = z.input<typeof guestInputSchema>;

export const guestListBodySchema = z.object({
  guests: z
    .array(guestInputSchema)
    .max(limits.guestLimit.max, `No máximo ${limits.guestLimit.max} convidados`),
});
export type GuestListBody = z.input<typeof guestListBodySchema>;

export const guestSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Masked (***.982.247-**) for the member and the desk; null when none was given. */
  cpf: z.string().nullable(),
  checkedInAt: z.iso.datetime().nullable(),
});
export type Guest = z.infer<typeof guestSchema>;

/** A booking's list with the place's rules for it, as the editors show them. */
export const guestListSchema = z.object({
  appointmentId: z.uuid(),
  guests: z.array(guestSchema),
  /** The most guests this booking may list (0 when its place accepts none). */
  limit: z.number().int(),
  cpfRequired: z.boolean(),
  /** Last instant the list may change. */
  closesAt: z.iso.datetime(),
  /** The booking is scheduled and closesAt has not passed. */
  editable: z.boolean(),
});
export type GuestList = z.infer<typeof guestListSchema>;

export const gateListQuerySchema = z.object({ companyId: idSchema, date: dateSchema });
export type GateListQuery = z.infer<typeof gateListQuerySchema>;

/** The front desk's list of a day: each booking with guests, by time and place. */
export const gateListSchema = z.object({
  date: z.string(),
  bookings: z.array(
    z.object({
      appointmentId: z.uuid(),
      place: z.object({ id: z.uuid(), name: z.string() }),
      associate: z.object({ name: z.string(), cardId: z.string() }),
      startsAt: z.iso.datetime(),
      endsAt: z.iso.datetime(),
      guests: z.array(guestSchema),
    }),
  ),
});
export type GateList = z.infer<typeof gateListSchema>;

export const guestCheckInBodySchema = z.object({ checkedIn: z.boolean() });
export type GuestCheckInBody = z.infer<typeof guestCheckInBodySchema>;
