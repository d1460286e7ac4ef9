import { timeSlotListSchema, type TimeSlot } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** GET /backoffice/appointment/{placeId}/time-slots?date: the day's slots (club-local date). */
export async function getTimeSlots(
  placeId: string,
  date: string,
  signal?: AbortSignal,
): Promise<TimeSlot[]> {
  const data = await api.get(`/backoffice/appointment/${encodeURIComponent(placeId)}/time-slots`, {
    query: { date },
    signal,
  });
  return timeSlotListSchema.parse(data);
}

export const getTimeSlotsQueryOptions = (companyId: string, placeId: string, date: string) =>
  queryOptions({
    queryKey: [...clubKeys.timeSlots(companyId), placeId, date] as const,
    queryFn: ({ signal }) => getTimeSlots(placeId, date, signal),
  });

/** `enabled` false when the URL's place id cannot name a place (nothing to ask the API). */
export function useTimeSlots(companyId: string, placeId: string, date: string, enabled = true) {
  return useQuery({ ...getTimeSlotsQueryOptions(companyId, placeId, date), enabled });
}
