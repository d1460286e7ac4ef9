import {
  holidayListSchema,
  savedSpecialDaySchema,
  specialDayListSchema,
  specialDayPreviewSchema,
  type BlockResolution,
  type SpecialDayPreviewBody,
} from '@clube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys, invalidateSchedule } from '@/lib/api/club-keys';

export const specialDaysKey = (companyId: string) => [companyId, 'special-days'] as const;

/** GET /backoffice/special-day/company/{companyId}?year: the year's special days, by date. */
export const specialDaysQueryOptions = (companyId: string, year: number) =>
  queryOptions({
    queryKey: [...specialDaysKey(companyId), year] as const,
    queryFn: async ({ signal }) =>
      specialDayListSchema.parse(
        await api.get(`/backoffice/special-day/company/${companyId}?year=${year}`, { signal }),
      ).items,
  });

export function useSpecialDays(companyId: string, year: number) {
  return useQuery(specialDaysQueryOptions(companyId, year));
}

/** GET …/holidays?year: Brazil's national holidays of the year, marked when already added. */
export function useNationalHolidays(companyId: string, year: number, enabled: boolean) {
  return useQuery({
    queryKey: [...specialDaysKey(companyId), 'holidays', year] as const,
    queryFn: async ({ signal }) =>
      holidayListSchema.parse(
        await api.get(`/backoffice/special-day/company/${companyId}/holidays?year=${year}`, {
          signal,
        }),
      ).items,
    enabled,
  });
}

/** A special day as its dialog sends it: created without an id, edited with one. */
export type SpecialDayInput = SpecialDayPreviewBody & { id?: string };

/** POST /backoffice/special-day/preview: the bookings it would leave outside its hours. */
export async function previewSpecialDay(body: SpecialDayInput) {
  return specialDayPreviewSchema.parse(await api.post('/backoffice/special-day/preview', body))
    .appointments;
}

/** POST (new) or PUT (edited) the special day with what to do with each booking it hits. */
export async function saveSpecialDay(
  { id, ...body }: SpecialDayInput,
  resolutions: BlockResolution[],
) {
  const payload = { ...body, resolutions };
  const answer = id
    ? await api.put(`/backoffice/special-day/${id}`, payload)
    : await api.post('/backoffice/special-day', payload);
  return savedSpecialDaySchema.parse(answer);
}

/** What a saved or removed special day changes: the list, the holidays' marks and the schedule. */
export function useRefreshAfterSpecialDay(companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: specialDaysKey(companyId) }),
      queryClient.invalidateQueries({ queryKey: clubKeys.places(companyId) }),
      invalidateSchedule(queryClient, companyId),
    ]);
}

/** DELETE /backoffice/special-day/{id}: the date goes back to the weekly hours. */
export function useDeleteSpecialDay(companyId: string) {
  const refresh = useRefreshAfterSpecialDay(companyId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`/backoffice/special-day/${id}`),
    onSuccess: refresh,
  });
}
