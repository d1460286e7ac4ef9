import { operatingHourListSchema, type OperatingHour } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /backoffice/operating-hour/company/{companyId}: the club week, DOMINGO first. */
export async function getOperatingHours(
  companyId: string,
  signal?: AbortSignal,
): Promise<OperatingHour[]> {
  const data = await api.get(`/backoffice/operating-hour/company/${companyId}`, { signal });
  return operatingHourListSchema.parse(data).items;
}

export const operatingHoursQueryKey = (companyId: string) =>
  [companyId, 'operating-hours'] as const;

export const getOperatingHoursQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: operatingHoursQueryKey(companyId),
    queryFn: ({ signal }) => getOperatingHours(companyId, signal),
  });

export function useOperatingHours(companyId: string) {
  return useQuery(getOperatingHoursQueryOptions(companyId));
}
