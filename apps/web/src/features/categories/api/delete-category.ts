import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/api/get-categories';

/** DELETE /backoffice/category/{id}: archived, or 409 CategoryInUse. */
export async function deleteCategory(categoryId: string): Promise<void> {
  await api.delete(`/backoffice/category/${encodeURIComponent(categoryId)}`);
}

export function useDeleteCategory(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey(companyId) }),
  });
}
