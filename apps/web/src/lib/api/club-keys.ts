import type { QueryClient } from '@tanstack/react-query';

/**
 * The key prefixes of the back office's data that more than one feature reads or changes. Every
 * key of a club starts with its id, so a change to the club itself (its timezone, a category's
 * rules) drops all of it at once; each feature's query option factories build their keys from
 * these prefixes, and mutations invalidate through them, never through a key written in place.
 */
export const clubKeys = {
  /** Everything of one club. */
  all: (companyId: string) => [companyId] as const,
  company: (companyId: string) => [companyId, 'company'] as const,
  associates: (companyId: string) => [companyId, 'associates'] as const,
  places: (companyId: string) => [companyId, 'places'] as const,
  blockedTimes: (companyId: string) => [companyId, 'blocked-times'] as const,
  timeSlots: (companyId: string) => [companyId, 'time-slots'] as const,
  appointments: (companyId: string) => [companyId, 'appointments'] as const,
  occupancy: (companyId: string) => [companyId, 'occupancy'] as const,
  daySheet: (companyId: string) => [companyId, 'day-sheet'] as const,
};

/**
 * Refetches what a booking, a cancellation or a block changes: slots, appointment lists,
 * occupancy and the day sheet (only `daySheetDate`'s, when given).
 */
export function invalidateSchedule(
  queryClient: QueryClient,
  companyId: string,
  daySheetDate?: string,
) {
  const daySheet = clubKeys.daySheet(companyId);
  return Promise.all(
    [
      clubKeys.timeSlots(companyId),
      clubKeys.appointments(companyId),
      clubKeys.occupancy(companyId),
      daySheetDate ? [...daySheet, daySheetDate] : daySheet,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
