import { associateListSchema, type AssociateList } from '@clube/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

export type AssociatesPage = { companyId: string; page: number; pageSize: number; search: string };

/** GET /backoffice/associate/findAllPaginated for one page of the table. */
export async function getAssociates(
  { companyId, page, pageSize, search }: AssociatesPage,
  signal?: AbortSignal,
): Promise<AssociateList> {
  const data = await api.get('/backoffice/associate/findAllPaginated', {
    signal,
    query: { companyId, take: pageSize, skip: (page - 1) * pageSize, search: search || undefined },
  });
  return associateListSchema.parse(data);
}

export const associatesQueryKey = clubKeys.associates;

export const getAssociatesQueryOptions = (input: AssociatesPage) =>
  queryOptions({
    queryKey: [...associatesQueryKey(input.companyId), 'list', input] as const,
    queryFn: ({ signal }) => getAssociates(input, signal),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAssociates(input: AssociatesPage) {
  return useQuery(getAssociatesQueryOptions(input));
}
