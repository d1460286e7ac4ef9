import { associateListSchema, type AssociateListItem } from '@clube/shared';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** How many matches the booking dialog offers: a short list to pick from. */
export const memberPickLimit = 6;

/** Shorter terms would match a good part of the club (one letter, one digit). */
export const memberSearchMinLength = 2;

/**
 * GET /backoffice/associate/findAllPaginated?search: the club's own search (every word of the
 * name in any order, without accents; or part of the CPF or card), first matches only.
 */
export async function searchAssociates(
  companyId: string,
  search: string,
  signal?: AbortSignal,
): Promise<AssociateListItem[]> {
  const data = await api.get('/backoffice/associate/findAllPaginated', {
    signal,
    query: { companyId, take: memberPickLimit, skip: 0, search },
  });
  return associateListSchema.parse(data).items;
}

export const searchAssociatesQueryOptions = (companyId: string, search: string) => {
  const term = search.trim();
  return queryOptions({
    queryKey: [...clubKeys.associates(companyId), 'pick', term] as const,
    queryFn:
      term.length >= memberSearchMinLength
        ? ({ signal }) => searchAssociates(companyId, term, signal)
        : skipToken,
    staleTime: 30_000,
  });
};

export function useAssociateSearch(companyId: string, search: string) {
  return useQuery(searchAssociatesQueryOptions(companyId, search));
}
