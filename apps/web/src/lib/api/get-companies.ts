import { companyListSchema, type CompanyList } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /backoffice/company: the clubs the signed-in staff member works for, each with their role
 * there (what src/lib/permissions.ts mirrors), and whether they may create clubs.
 */
export async function getCompanies(signal?: AbortSignal): Promise<CompanyList> {
  const data = await api.get('/backoffice/company', { signal });
  return companyListSchema.parse(data);
}

/** Not club-scoped (it is how a club gets chosen), so its key has no club id in front. */
export const companiesQueryKey = ['companies'] as const;

/** The clubs alone: what most screens read of the answer. */
export const getCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: companiesQueryKey,
    queryFn: ({ signal }) => getCompanies(signal),
    select: (list: CompanyList) => list.items,
  });

export function useCompanies() {
  return useQuery(getCompaniesQueryOptions());
}

/** Whether the signed-in person administers the server (may create clubs). */
export function useCanCreateClubs(): boolean {
  const { data } = useQuery({
    queryKey: companiesQueryKey,
    queryFn: ({ signal }) => getCompanies(signal),
    select: (list: CompanyList) => list.canCreateClubs,
  });
  return data ?? false;
}
