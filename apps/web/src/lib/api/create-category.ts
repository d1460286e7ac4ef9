import { categorySchema, type Category, type CreateCategoryBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/api/get-categories';

/** POST /backoffice/category (201). */
export async function createCategory(body: CreateCategoryBody): Promise<Category> {
  return categorySchema.parse(await api.post('/backoffice/category', body));
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) =>
      queryClient.invalidateQueries({ queryKey: categoriesQueryKey(category.companyId) }),
  });
}
