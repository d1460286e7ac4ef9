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

export const appointmentStatuses = ['SCHEDULED', 'CANCELLED', 'CHECKED_IN', 'NO_SHOW'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/**
 * Statuses that hold their slot: a booking the member attended or missed was still a booking, so
 * it keeps the place taken (the exclusion constraint of migration 0006 says the same) and counts
 * in the title's quota and waiting rules.
 */
export const occupyingStatuses = [
  'SCHEDULED',
  'CHECKED_IN',
  'NO_SHOW',
] as const satisfies readonly AppointmentStatus[];

export const frontDesk = {
  /** Staff may check a member in from this many minutes before the start until the end. */
  checkInOpensMinutesBefore: 30,
  /** Default of the club's tolerance after the start before a no-show may be marked. */
  noShowToleranceMinutesDefault: 15,
} as const;

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
  /** The most guests a place may allow per booking (docs/domain.md, "Guest lists"). */
  guestLimit: { min: 0, max: 200 },
  /** Hours before the start a guest list may close. */
  guestListClosesHours: { min: 0, max: 720 },
  guestNameMaxLength: 120,
} as const;

/** Every call of the web app times out after 20 s (docs/domain.md, Back-office screens). */
export const httpTimeoutMs = 20_000;
