import { z } from 'zod';
import { dateSchema } from './common';

/**
 * The booking rules' keys (docs/domain.md, Booking rules 2–9), in the order they are evaluated:
 * each names the rule a booking fails, on both the back office's and the portal's endpoints.
 */
export const bookingRuleKeys = [
  'AssociateBlocked',
  'TitleBlocked',
  'TitleSuspended',
  'InvalidAppointmentDuration',
  'SpecialDayClosed',
  'TimeNotAvailable',
  'AvailableBookingDaysMissed',
  'AgeRestriction',
  'WaitingPeriodRequired',
  'ReservationsLimitReached',
  'TimeAlreadyTaken',
] as const;
export type BookingRuleKey = (typeof bookingRuleKeys)[number];
export const isBookingRuleKey = (code: string): code is BookingRuleKey =>
  (bookingRuleKeys as readonly string[]).includes(code);

/**
 * The rules a club may waive: an administrator or the front desk may book despite them as an
 * exception, with a written reason (docs/domain.md, "Exceptions"). Every other rule (blocked
 * associate or title, the slot's duration, a taken, blocked or past slot) holds for everybody.
 * Each with the short name the exception's record shows.
 */
export const waivableBookingRuleLabels = {
  TitleSuspended: 'suspensão do título',
  AvailableBookingDaysMissed: 'antecedência de reserva',
  AgeRestriction: 'idade mínima',
  WaitingPeriodRequired: 'reserva no mesmo dia ou na véspera',
  ReservationsLimitReached: 'limite de reservas no mês',
} as const satisfies Partial<Record<BookingRuleKey, string>>;
export type WaivableBookingRuleKey = keyof typeof waivableBookingRuleLabels;
export const isWaivableBookingRule = (code: string): code is WaivableBookingRuleKey =>
  Object.hasOwn(waivableBookingRuleLabels, code);

/** Why staff book (or cancel) as an exception: required, at most 500 characters. */
export const exceptionReasonSchema = z
  .string({ message: 'Informe o motivo da exceção' })
  .trim()
  .min(1, 'Informe o motivo da exceção')
  .max(500, 'Máximo 500 caracteres');

/**
 * One rule a booking fails, the same on both realms' "why not?" and refusals: its code, the
 * code's text from the error table (with `params` filled), and what the code needs besides.
 */
export const bookingFailureSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The values `message` interpolates (TitleSuspended: endDate). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** A block's reason as staff gave it (data, never part of the text). */
  reason: z.string().optional(),
  /** TitleSuspended: the instant the suspension ends. */
  until: z.iso.datetime().optional(),
  /**
   * The club-local date from which the member may book: the day the booking window reaches
   * this date (AvailableBookingDaysMissed), the first day of the next month, whose quota is
   * fresh (ReservationsLimitReached), or the day the suspension ends (TitleSuspended).
   */
  from: dateSchema.optional(),
});
export type BookingFailure = z.infer<typeof bookingFailureSchema>;

/**
 * A refused booking, on both realms: the first failing rule's status, code and text, and every
 * failing rule in `details.failures`.
 */
export const bookingRefusalSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z
    .object({
      failures: z.array(bookingFailureSchema),
      /** TitleSuspended first: the instant the suspension ends. */
      until: z.iso.datetime().optional(),
    })
    .optional(),
});
export type BookingRefusal = z.infer<typeof bookingRefusalSchema>;
