import { z } from 'zod';
import { seriesMarkSchema } from './appointment';
import { dateSchema, idSchema } from './common';

export const daySheetQuerySchema = z.object({
  companyId: idSchema,
  date: dateSchema,
  categoryId: idSchema.optional(),
});
export type DaySheetQuery = z.infer<typeof daySheetQuerySchema>;

export const daySheetCellStates = ['free', 'booked', 'blocked', 'past', 'outside'] as const;
export type DaySheetCellState = (typeof daySheetCellStates)[number];

/**
 * Why a cell cannot be booked although nothing occupies it: the club is closed that weekday, the
 * slot lies in the place's hours but outside the club's, or the date is beyond the booking window.
 */
export const daySheetOutsideReasons = ['club-closed', 'club-hours', 'booking-window'] as const;
export type DaySheetOutsideReason = (typeof daySheetOutsideReasons)[number];

export const daySheetAppointmentSchema = z.object({
  id: z.uuid(),
  associateId: z.uuid(),
  associateName: z.string(),
  cardId: z.string(),
  titleName: z.string(),
  /** Who booked it: a staff member (their name), or the member on the portal. */
  bookedVia: z.enum(['staff', 'portal']),
  bookedByName: z.string().nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** Every status that holds the slot: booked, the member arrived, or did not come. */
  status: z.enum(['SCHEDULED', 'CHECKED_IN', 'NO_SHOW']),
  checkedInAt: z.iso.datetime().nullable(),
  noShowAt: z.iso.datetime().nullable(),
  /** Booked by staff as an exception to a rule the club may waive: their reason; else null. */
  exceptionReason: z.string().nullable(),
  /** The series it belongs to; null (or absent) for a single booking. */
  series: seriesMarkSchema.nullish(),
});
export type DaySheetAppointment = z.infer<typeof daySheetAppointmentSchema>;

export const daySheetCellSchema = z.object({
  /** Club-local wall-clock start "HH:mm". */
  time: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  state: z.enum(daySheetCellStates),
  appointment: daySheetAppointmentSchema.optional(),
  block: z.object({ id: z.uuid(), reason: z.string() }).optional(),
  outsideReason: z.enum(daySheetOutsideReasons).optional(),
  /** Members in the slot's waitlist (waiting or offered); absent when nobody is in line. */
  waitlistCount: z.number().int().optional(),
});
export type DaySheetCell = z.infer<typeof daySheetCellSchema>;

export const daySheetPlaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  bookRange: z.number().int(),
  cells: z.array(daySheetCellSchema),
});
export type DaySheetPlace = z.infer<typeof daySheetPlaceSchema>;

export const daySheetSchema = z.object({
  date: dateSchema,
  timezone: z.string(),
  /** The club's operating hour that weekday; null when closed. */
  operatingHour: z.object({ openTime: z.string(), closeTime: z.string() }).nullable(),
  /**
   * The club-wide special day of the date ("Natal", closed; "Carnaval", its hours "HH:mm"), read
   * with the day; null on an ordinary day.
   */
  specialDay: z
    .object({
      name: z.string(),
      closed: z.boolean(),
      openTime: z.string().nullable(),
      closeTime: z.string().nullable(),
    })
    .nullable()
    .default(null),
  categories: z.array(
    z.object({ id: z.uuid(), name: z.string(), places: z.array(daySheetPlaceSchema) }),
  ),
});
export type DaySheet = z.infer<typeof daySheetSchema>;

export const clubEventsQuerySchema = z.object({ companyId: idSchema });

export const clubEventKinds = [
  'appointment.created',
  'appointment.cancelled',
  /** Checked in, marked as a no-show, or either undone. */
  'appointment.attendance',
  /** A block moved the booking to another place (one event for each of the two places). */
  'appointment.moved',
  'blocked-time.created',
  'blocked-time.deleted',
  'special-day.saved',
] as const;
export type ClubEventKind = (typeof clubEventKinds)[number];

/** What every open day sheet of a club hears when a booking or block of that club changes. */
export const clubEventSchema = z.object({
  companyId: z.uuid(),
  kind: z.enum(clubEventKinds),
  placeId: z.uuid(),
  /** The club-local date the change touches. */
  date: dateSchema,
});
export type ClubEvent = z.infer<typeof clubEventSchema>;
