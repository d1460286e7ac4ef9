import { daySheetSchema, type DaySheet } from '@clube/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** GET /backoffice/day-sheet: every place of the club on its own slot grid for a date. */
export async function getDaySheet(
  companyId: string,
  date: string,
  categoryId?: string,
  signal?: AbortSignal,
): Promise<DaySheet> {
  const data = await api.get('/backoffice/day-sheet', {
    query: { companyId, date, categoryId },
    signal,
  });
  return daySheetSchema.parse(data);
}

/** How often a sheet that failed to load is asked for again. */
export const retryAfterErrorMs = 15_000;

/** Keyed [club, 'day-sheet', date, category]: an event of a date invalidates that date's sheets. */
export const getDaySheetQueryOptions = (companyId: string, date: string, categoryId?: string) =>
  queryOptions({
    queryKey: [...clubKeys.daySheet(companyId), date, categoryId ?? 'all'] as const,
    queryFn: ({ signal }) => getDaySheet(companyId, date, categoryId, signal),
    // Past cells turn grey as the day goes on even when nothing else changes. After a failure
    // (the server or the network down, for however long) it keeps trying every 15 s, so the sheet
    // comes back by itself.
    refetchInterval: (query) => (query.state.status === 'error' ? retryAfterErrorMs : 5 * 60_000),
    placeholderData: keepPreviousData,
  });

export function useDaySheet(companyId: string, date: string, categoryId?: string) {
  return useQuery(getDaySheetQueryOptions(companyId, date, categoryId));
}
