import { z } from 'zod';
import { associateListQuerySchema } from './associate';
import { dateSchema, idSchema } from './common';

/**
 * The periods a report (and the appointments export) reads, in the club's calendar: the month so
 * far, the month before, the last 30 days up to today, or the days `from`..`to` (both included).
 */
export const reportPeriods = ['this-month', 'last-month', 'last-30-days', 'custom'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

export const reportPeriodLabels = {
  'this-month': 'Este mês',
  'last-month': 'Mês passado',
  'last-30-days': 'Últimos 30 dias',
  custom: 'Outro período',
} as const satisfies Record<ReportPeriod, string>;

/** The longest custom range, in days (two years). */
export const reportMaxDays = 731;

const periodFields = {
  companyId: idSchema,
  period: z.enum(reportPeriods, { message: 'Período desconhecido' }).default('this-month'),
  /** Custom period only: the first day (club calendar). */
  from: dateSchema.optional(),
  /** Custom period only: the last day, included. */
  to: dateSchema.optional(),
};

export const reportQuerySchema = z.object({
  ...periodFields,
  categoryId: idSchema.optional(),
  placeId: idSchema.optional(),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** The tables of a report that export as CSV. */
export const reportTables = ['places', 'categories', 'heatmap', 'behaviour', 'titles'] as const;
export type ReportTable = (typeof reportTables)[number];
export const reportTableParamsSchema = z.object({
  table: z.enum(reportTables, { message: 'Tabela desconhecida' }),
});

/** The appointments of a club, or of one of its places, over a period (CSV export). */
export const appointmentExportQuerySchema = z.object({
  ...periodFields,
  placeId: idSchema.optional(),
});
export type AppointmentExportQuery = z.input<typeof appointmentExportQuerySchema>;

/** The blocks of a club, or of one of its places, over a period (CSV export). */
export const blockedTimeExportQuerySchema = appointmentExportQuerySchema;

/** The associates list's filters and search, without paging (CSV export). */
export const associateExportQuerySchema = associateListQuerySchema.omit({
  take: true,
  skip: true,
  after: true,
  before: true,
});
export type AssociateExportQuery = z.input<typeof associateExportQuerySchema>;

/** A figure of the period beside the same figure of the previous period of the same length. */
const figureSchema = z.object({ current: z.number(), previous: z.number() });
export type ReportFigure = z.infer<typeof figureSchema>;

const occupancyRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Minutes of slots that could be booked (open, inside the place's hours, not blocked). */
  bookableMinutes: figureSchema,
  /** Of those, minutes booked (not cancelled). */
  bookedMinutes: figureSchema,
});
export type ReportOccupancyRow = z.infer<typeof occupancyRowSchema>;

/**
 * What became of the bookings that start in a period, counted per place and day: the behaviour
 * figures the reports keep for each day, in the order the screen shows them.
 */
export const bookingOutcomes = [
  'bookings',
  'cancellations',
  'lateCancellations',
  'checkIns',
  'noShows',
  'portalBookings',
  'staffBookings',
  'exceptions',
] as const;
export type BookingOutcome = (typeof bookingOutcomes)[number];

const figuresOf = <Name extends string>(names: readonly Name[]) =>
  Object.fromEntries(names.map((name) => [name, figureSchema])) as Record<
    Name,
    typeof figureSchema
  >;

export const reportSchema = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
  }),
  occupancy: z.object({
    total: z.object({ bookableMinutes: figureSchema, bookedMinutes: figureSchema }),
    places: z.array(occupancyRowSchema.extend({ categoryName: z.string() })),
    categories: z.array(occupancyRowSchema),
    /** Weekday (0 = Sunday) × hour of the club's clock, current period only. */
    heatmap: z.array(
      z.object({
        weekday: z.number().int(),
        hour: z.number().int(),
        bookableMinutes: z.number(),
        bookedMinutes: z.number(),
      }),
    ),
  }),
  behaviour: z.object({
    ...figuresOf(bookingOutcomes),
    messagesSent: figureSchema,
    messagesFailed: figureSchema,
    exceptionReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  }),
  members: z.object({
    topTitles: z.array(z.object({ id: z.uuid(), name: z.string(), bookings: z.number().int() })),
    titlesAtQuota: figureSchema,
    neverBooked: figureSchema,
    neverSignedIn: figureSchema,
    associates: z.number().int(),
  }),
});
export type Report = z.infer<typeof reportSchema>;
