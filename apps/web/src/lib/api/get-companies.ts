import { companyListSchema, type CompanyOfStaff } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /backoffice/company: the clubs the signed-in staff member works for, each with their role
 * there (what src/lib/permissions.ts mirrors).
 */
export async function getCompanies(signal?: AbortSignal): Promise<CompanyOfStaff[]> {
  const data = await api.get('/backoffice/company', { signal });
  return companyListSchema.parse(data).items;
}

/** Not club-scoped (it is how a club gets chosen), so its key has no club id in front. */
export const companiesQueryKey = ['companies'] as const;

export const getCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: companiesQueryKey,
    queryFn: ({ signal }) => getCompanies(signal),
  });

export function useCompanies() {
  return useQuery(getCompaniesQueryOptions());
}
