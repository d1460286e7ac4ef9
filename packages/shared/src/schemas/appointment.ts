import { z } from 'zod';
import { bookingFailureSchema } from './booking-failure';
import { appointmentStatuses } from '../constants';
import { dateSchema, idSchema, instantSchema } from './common';

export const timeSlotsParamsSchema = z.object({ placeId: idSchema });
export const timeSlotsQuerySchema = z.object({ date: dateSchema });

export const timeSlotReasons = ['taken', 'blocked', 'past', 'booking-window'] as const;
export type TimeSlotReason = (typeof timeSlotReasons)[number];

/** One bookable slot of a place on a club-local date (docs/domain.md, Time slots). */
export const timeSlotSchema = z.object({
  /** Club-local wall-clock start "HH:mm". */
  time: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  available: z.boolean(),
  /**
   * Why an unavailable slot cannot be booked, in this order: a booking holds it (`detail` is the
   * member's name), a blocked time covers it (`detail` is the block's reason), it has started, or
   * its date is beyond the booking window. Absent on an available slot.
   */
  reason: z.enum(timeSlotReasons).optional(),
  detail: z.string().optional(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;
export const timeSlotListSchema = z.array(timeSlotSchema);

/** The carteirinha number: digits only (a number is accepted too, as typed in a numeric field). */
export const cardIdSchema = z
  .union([z.string(), z.number()], { message: 'Carteirinha é obrigatória' })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, 'Carteirinha é obrigatória')
      .max(20, 'Carteirinha inválida')
      .regex(/^\d+$/, 'Carteirinha inválida'),
  );

export const createAppointmentBodySchema = z.object({
  associateId: idSchema,
  placeId: idSchema,
  startsAt: instantSchema,
  /** Start plus the place's bookRange minutes (booking rule 3, docs/domain.md). */
  endsAt: instantSchema,
  cardId: cardIdSchema,
});
export type CreateAppointmentBody = z.input<typeof createAppointmentBodySchema>;

/**
 * POST /appointment/exception: a booking despite the rules a club may waive, with the reason.
 * An empty reason answers ExceptionReasonRequired (the form's schema is exceptionReasonSchema).
 */
export const createExceptionAppointmentBodySchema = createAppointmentBodySchema.extend({
  reason: z.string().max(500, 'Máximo 500 caracteres').optional(),
});
export type CreateExceptionAppointmentBody = z.input<typeof createExceptionAppointmentBodySchema>;

/** At most this many characters in a staff cancellation's reason (the member reads it). */
export const cancellationReasonMaxLength = 200;

/**
 * Why staff cancel a booking: kept on the booking, in the audit, and written in the member's
 * message. Trimmed, required, short. The form's schema; the API answers an empty one with
 * CancellationReasonRequired.
 */
export const cancellationReasonSchema = z
  .string({ message: 'Informe o motivo do cancelamento' })
  .trim()
  .min(1, 'Informe o motivo do cancelamento')
  .max(cancellationReasonMaxLength, `Máximo ${cancellationReasonMaxLength} caracteres`);

/** PATCH /appointment/cancel/{id}: the reason staff give (required, see cancellationReasonSchema). */
export const cancelAppointmentBodySchema = z.object({
  reason: z
    .string()
    .max(cancellationReasonMaxLength, `Máximo ${cancellationReasonMaxLength} caracteres`)
    .optional(),
});
export type CancelAppointmentBody = z.input<typeof cancelAppointmentBodySchema>;

/**
 * PATCH /appointment/cancel/{id}/exception: a cancellation past the deadline, with the reason
 * (also the cancellation's reason the member reads).
 */
export const cancelExceptionBodySchema = z.object({
  reason: z
    .string()
    .max(cancellationReasonMaxLength, `Máximo ${cancellationReasonMaxLength} caracteres`)
    .optional(),
});

/**
 * PATCH /appointment/{id}/move: the place and start a booking moves to (its length is kept), and
 * an optional reason the member reads.
 */
export const moveAppointmentBodySchema = z.object({
  placeId: z.uuid('Informe o espaço de destino'),
  startsAt: instantSchema,
  reason: z
    .string()
    .max(cancellationReasonMaxLength, `Máximo ${cancellationReasonMaxLength} caracteres`)
    .optional(),
});
export type MoveAppointmentBody = z.input<typeof moveAppointmentBodySchema>;

export const appointmentStatusSchema = z.enum(appointmentStatuses);

/** The weekly series a booking belongs to, and its activity's name (null: a member's series). */
export const seriesMarkSchema = z.object({ id: z.uuid(), activityName: z.string().nullable() });
export type SeriesMark = z.infer<typeof seriesMarkSchema>;

export const appointmentSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  placeId: z.uuid(),
  placeName: z.string(),
  associateId: z.uuid(),
  associateTitleId: z.uuid(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  status: appointmentStatusSchema,
  createdAt: z.iso.datetime(),
  cancelledAt: z.iso.datetime().nullable(),
  /** Why the club cancelled it (a block's or staff's reason); null when the member cancelled. */
  cancellationReason: z.string().nullable(),
  /** Front desk: when the member was let in (CHECKED_IN) or marked absent (NO_SHOW). */
  checkedInAt: z.iso.datetime().nullable(),
  noShowAt: z.iso.datetime().nullable(),
  /** Booked by staff as an exception to a rule the club may waive: their reason; else null. */
  exceptionReason: z.string().nullable(),
  associate: z.object({ id: z.uuid(), name: z.string(), cardId: z.string() }),
  /** The staff member who booked it (null when booked on the portal or that user is gone). */
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Booked by staff in the back office or by a member on the members' portal. */
  bookedVia: z.enum(['staff', 'portal']),
  /** Who booked it: the staff member's or the member's name (null when that record is gone). */
  bookedBy: z.object({ name: z.string() }).nullable(),
  /** The series it belongs to; null (or absent) for a single booking. */
  series: seriesMarkSchema.nullish(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * A booking's check-in code: the first 8 hexadecimal digits of its id, shown as "3F2A-9C01" on
 * the member's booking (and in its QR code), typed or scanned at the front desk. Unique enough
 * among a club's bookings of one day, which is all the front desk looks among.
 */
export function checkInCodeOf(appointmentId: string): string {
  const digits = appointmentId.replace(/-/g, '').slice(0, 8).toUpperCase();
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** A check-in code as typed or scanned: its 8 hexadecimal digits (case, dashes, spaces aside). */
export const checkInCodePattern = /^\s*[0-9a-f]{4}[\s-]?[0-9a-f]{4}\s*$/i;

/** POST /appointment/check-in-by-code: the club, and the code the member shows. */
export const checkInByCodeBodySchema = z.object({
  companyId: idSchema,
  code: z
    .string({ message: 'Informe o código da reserva' })
    .regex(checkInCodePattern, 'O código tem 8 letras e números, como 3F2A-9C01.'),
});
export type CheckInByCodeBody = z.input<typeof checkInByCodeBodySchema>;

/** PATCH /appointment/{id}/no-show: the appointment, and the suspension it caused, if any. */
export const noShowResultSchema = appointmentSchema.extend({
  titleSuspendedUntil: z.iso.datetime().nullable(),
});
export type NoShowResult = z.infer<typeof noShowResultSchema>;
export const appointmentListSchema = z.object({ items: z.array(appointmentSchema) });
export type AppointmentList = z.infer<typeof appointmentListSchema>;

/** An ISO date-time, or a club-local calendar date "YYYY-MM-DD" (its midnight in the club). */
export const dateOrInstantSchema = z.union([instantSchema, dateSchema], {
  message: 'Use uma data AAAA-MM-DD ou data e hora ISO',
});

export const appointmentListQuerySchema = z.object({
  placeId: idSchema.optional(),
  associateId: idSchema.optional(),
  /** Inclusive: appointments starting at or after it. */
  fromDate: dateOrInstantSchema.optional(),
  /** Exclusive: appointments starting before it. */
  toDate: dateOrInstantSchema.optional(),
  status: appointmentStatusSchema.optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

/** "Why not?": every booking rule that fails, and the title's monthly quota at the place. */
export const bookingCheckSchema = z.object({
  ok: z.boolean(),
  failures: z.array(bookingFailureSchema),
  /** limit 0 = no monthly limit. */
  quota: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export type BookingCheck = z.infer<typeof bookingCheckSchema>;

export const occupancyQuerySchema = z.object({
  companyId: idSchema,
  /** Club-local date; club-local today when absent. */
  date: dateSchema.optional(),
});

/** A day's occupancy of each place of a club: SCHEDULED bookings out of the day's slots. */
export const occupancySchema = z.object({
  date: z.string(),
  items: z.array(
    z.object({ placeId: z.uuid(), booked: z.number().int(), total: z.number().int() }),
  ),
});
export type Occupancy = z.infer<typeof occupancySchema>;
