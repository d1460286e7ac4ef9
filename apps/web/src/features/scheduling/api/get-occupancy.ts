import { occupancySchema, type Occupancy } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** GET /backoffice/appointment/occupancy: booked and total slots of each place on a day. */
export async function getOccupancy(
  companyId: string,
  date?: string,
  signal?: AbortSignal,
): Promise<Occupancy> {
  const data = await api.get('/backoffice/appointment/occupancy', {
    query: { companyId, date },
    signal,
  });
  return occupancySchema.parse(data);
}

/** Today's (club-local) occupancy when no date is given. */
export const getOccupancyQueryOptions = (companyId: string, date?: string) =>
  queryOptions({
    queryKey: [...clubKeys.occupancy(companyId), date ?? 'today'] as const,
    queryFn: ({ signal }) => getOccupancy(companyId, date, signal),
  });

export function useOccupancy(companyId: string, date?: string) {
  return useQuery(getOccupancyQueryOptions(companyId, date));
}
