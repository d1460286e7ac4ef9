import { categorySchema, type Category, type UpdateCategoryBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** PATCH /backoffice/category (id in the body). */
export async function updateCategory(body: UpdateCategoryBody): Promise<Category> {
  return categorySchema.parse(await api.patch('/backoffice/category', body));
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // Place cards and details show the category name: refresh everything of the club.
    onSuccess: (category) =>
      queryClient.invalidateQueries({ queryKey: clubKeys.all(category.companyId) }),
  });
}
