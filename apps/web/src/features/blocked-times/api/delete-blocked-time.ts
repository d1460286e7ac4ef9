import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blockedTimesQueryKey } from './get-blocked-times';

/** DELETE /backoffice/blocked-time/{id}. */
export async function deleteBlockedTime(id: string): Promise<void> {
  await api.delete(`/backoffice/blocked-time/${id}`);
}

export function useDeleteBlockedTime(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlockedTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedTimesQueryKey(companyId) }),
  });
}
