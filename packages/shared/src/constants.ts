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
  /** Login password minimum length (docs/domain.md, Back-office screens). */
  passwordMinLength: 6,
  /** Associate list page size choices and default (docs/domain.md, Back-office screens). */
  associatePageSizes: [10, 50, 100] as const,
  associatePageSizeDefault: 100,
  /** Upload limit for place images. */
  imageMaxBytes: 5 * 1024 * 1024,
  bookRangeMinutes: { min: 5, max: 1440 },
  ageRestriction: { min: 0, max: 120 },
} as const;

/** Every call of the web app times out after 20 s (docs/domain.md, Back-office screens). */
export const httpTimeoutMs = 20_000;
