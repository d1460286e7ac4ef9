import { categoryListSchema, type Category } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /backoffice/category/company/{companyId}: the club's active categories, by name. Here, not
 * in a feature: the categories screen and the place form both read (and invalidate) this list.
 */
export async function getCategories(companyId: string, signal?: AbortSignal): Promise<Category[]> {
  const data = await api.get(`/backoffice/category/company/${encodeURIComponent(companyId)}`, {
    signal,
  });
  return categoryListSchema.parse(data).items;
}

export const categoriesQueryKey = (companyId: string) => [companyId, 'categories'] as const;

export const getCategoriesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: categoriesQueryKey(companyId),
    queryFn: ({ signal }) => getCategories(companyId, signal),
  });

export function useCategories(companyId: string) {
  return useQuery(getCategoriesQueryOptions(companyId));
}
