/** Weekdays as the API names them, index = JavaScript's getDay() (0 = Sunday). */
export const daysOfWeek = [
  'DOMINGO',
  'SEGUNDA',
  'TERCA',
  'QUARTA',
  'QUINTA',
  'SEXTA',
  'SABADO',
] as const;
export type DayOfWeek = (typeof daysOfWeek)[number];

export const appointmentStatuses = ['SCHEDULED', 'CANCELLED'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

export const defaultTimezone = 'America/Sao_Paulo';

export const limits = {
  /** SPEC.md §5: login password minimum length. */
  passwordMinLength: 6,
  /** SPEC.md §9: associate list page size default and choices. */
  associatePageSizes: [10, 50, 100] as const,
  associatePageSizeDefault: 100,
  /** Upload limit for place images. */
  imageMaxBytes: 5 * 1024 * 1024,
  bookRangeMinutes: { min: 5, max: 1440 },
  ageRestriction: { min: 0, max: 120 },
} as const;

/** SPEC.md §7/§9: every call times out after 20 s. */
export const httpTimeoutMs = 20_000;
