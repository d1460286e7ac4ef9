import { staffListSchema, type StaffMember } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffQueryKey } from './staff-query-keys';

/** GET /backoffice/company/{companyId}/staff: the club's staff with their roles. */
export async function getStaff(companyId: string, signal?: AbortSignal): Promise<StaffMember[]> {
  const data = await api.get(`/backoffice/company/${encodeURIComponent(companyId)}/staff`, {
    signal,
  });
  return staffListSchema.parse(data).items;
}

export const getStaffQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: staffQueryKey(companyId),
    queryFn: ({ signal }) => getStaff(companyId, signal),
  });

export function useStaff(companyId: string) {
  return useQuery(getStaffQueryOptions(companyId));
}
