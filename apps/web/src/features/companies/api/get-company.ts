import { companySchema, type Company } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** GET /backoffice/company/{id}: one club the staff member works for (404 otherwise). */
export async function getCompany(companyId: string, signal?: AbortSignal): Promise<Company> {
  const data = await api.get(`/backoffice/company/${encodeURIComponent(companyId)}`, { signal });
  return companySchema.parse(data);
}

export const getCompanyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: clubKeys.company(companyId),
    queryFn: ({ signal }) => getCompany(companyId, signal),
  });

export function useCompany(companyId: string) {
  return useQuery(getCompanyQueryOptions(companyId));
}
