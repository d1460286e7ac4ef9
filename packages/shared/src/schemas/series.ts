import { z } from 'zod';
import { bookingFailureSchema } from './booking-failure';
import { dateSchema, idSchema, instantSchema } from './common';
import { appointmentStatuses } from '../constants';

/** The longest series: a year of dates (docs/domain.md, "Series"). */
export const seriesMaxDays = 366;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const seriesWeekdayLabels = {
  1: 'Segunda',
  2: 'Terça',
  3: 'Quarta',
  4: 'Quinta',
  5: 'Sexta',
  6: 'Sábado',
  7: 'Domingo',
} as const;

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What a series is (POST /series/preview): a place's slot (start "HH:mm" and length, one of the
 * place's own) on some weekdays, from a date to a date, for a member (`associateId`, counts toward
 * the title's quota) or for a named activity (`activityName`) with its responsible member
 * (`associateId`, counts toward none).
 */
export const seriesBodySchema = z.object({
  placeId: idSchema,
  associateId: idSchema,
  activityName: z
    .string()
    .trim()
    .max(120, 'Máximo 120 caracteres')
    .optional()
    .transform((value) => (value ? value : undefined)),
  weekdays: z
    .array(z.number().int().min(1).max(7), { message: 'Escolha os dias da semana' })
    .min(1, 'Escolha ao menos um dia da semana')
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  startTime: z.string().regex(hhmm, 'Horário inválido (use HH:mm)'),
  lengthMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  startsOn: dateSchema,
  endsOn: dateSchema,
});
export type SeriesBody = z.input<typeof seriesBodySchema>;

/** POST /series: the series and the dates staff chose to book (free dates of its preview). */
export const createSeriesBodySchema = seriesBodySchema.extend({
  dates: z.array(dateSchema).max(seriesMaxDays),
});
export type CreateSeriesBody = z.input<typeof createSeriesBodySchema>;

export const seriesDateReasonKinds = [
  'taken',
  'blocked',
  'closed',
  'outside-hours',
  'past',
  'rule',
] as const;
export type SeriesDateReasonKind = (typeof seriesDateReasonKinds)[number];

/**
 * Why a date of a series cannot be booked: taken (`detail`: who holds it, the member or the
 * activity), blocked (`detail`: the block's reason), the club closed that weekday, the slot outside
 * the day's hours, already past, or one of the member's rules (`failure`: quota, waiting period…).
 */
export const seriesDateReasonSchema = z.object({
  kind: z.enum(seriesDateReasonKinds),
  message: z.string(),
  detail: z.string().optional(),
  failure: bookingFailureSchema.optional(),
});
export type SeriesDateReason = z.infer<typeof seriesDateReasonSchema>;

export const seriesPreviewDateSchema = z.object({
  date: z.string(),
  startsAt: instantSchema,
  endsAt: instantSchema,
  available: z.boolean(),
  reasons: z.array(seriesDateReasonSchema),
});
export type SeriesPreviewDate = z.infer<typeof seriesPreviewDateSchema>;

/** Every date of the series' rule, each free or with why not. */
export const seriesPreviewSchema = z.object({
  /** The series' RFC 5545 rule (RRULE), as the member's calendar gets it. */
  rrule: z.string(),
  /** A member's series counts toward the title's monthly quota at the place; an activity's not. */
  countsTowardQuota: z.boolean(),
  /** The place's monthly quota per title (0: none). */
  quotaLimit: z.number().int(),
  dates: z.array(seriesPreviewDateSchema),
});
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;

export const seriesBookingSchema = z.object({
  id: idSchema,
  startsAt: instantSchema,
  endsAt: instantSchema,
  status: z.enum(appointmentStatuses),
});

/** A series as staff and the member read it. */
export const seriesSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  placeId: idSchema,
  placeName: z.string(),
  associate: z.object({ id: idSchema, name: z.string(), cardId: z.string() }),
  activityName: z.string().nullable(),
  weekdays: z.array(z.number().int()),
  startTime: z.string(),
  lengthMinutes: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  rrule: z.string(),
  createdAt: instantSchema,
  cancelledAt: instantSchema.nullable(),
  /** Its bookings, in date order (cancelled ones included). */
  bookings: z.array(seriesBookingSchema),
});
export type Series = z.infer<typeof seriesSchema>;
export const seriesListSchema = z.object({ items: z.array(seriesSchema) });

export const seriesListQuerySchema = z.object({
  companyId: idSchema,
  associateId: idSchema.optional(),
  placeId: idSchema.optional(),
});

/** POST /series/{id}/cancel: one date, this date and the following, or the whole series. */
export const cancelSeriesBodySchema = z.object({
  scope: z.enum(['one', 'following', 'all']),
  /** The date's booking (scope one or following). */
  appointmentId: idSchema.optional(),
  reason: z.string().max(200, 'Máximo 200 caracteres').optional(),
});
export type CancelSeriesBody = z.input<typeof cancelSeriesBodySchema>;
export const cancelSeriesResultSchema = z.object({ cancelled: z.number().int() });
