import { associateListSchema, type AssociateList } from '@clube/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { associatesQueryKey } from '@/lib/api/get-associate';

export type AssociatesPage = {
  companyId: string;
  page: number;
  pageSize: number;
  search: string;
  /** Only members with (true) or without (false) a portal password; all when absent. */
  portalAccess?: boolean;
  /** The page after (or before) a row of an earlier answer; without either, `page` by offset. */
  after?: string;
  before?: string;
};

/** GET /backoffice/associate/findAllPaginated for one page of the table. */
export async function getAssociates(
  { companyId, page, pageSize, search, portalAccess, after, before }: AssociatesPage,
  signal?: AbortSignal,
): Promise<AssociateList> {
  const cursor = after ? { after } : before ? { before } : { skip: (page - 1) * pageSize };
  const data = await api.get('/backoffice/associate/findAllPaginated', {
    signal,
    query: {
      companyId,
      take: pageSize,
      ...cursor,
      search: search || undefined,
      portalAccess: portalAccess === undefined ? undefined : String(portalAccess),
    },
  });
  return associateListSchema.parse(data);
}

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
