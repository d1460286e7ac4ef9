import { createdBlocksSchema, type BulkBlockBody, type CreatedBlocks } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blockedTimesQueryKey } from './get-blocked-times';

/** POST /backoffice/blocked-time/bulk: every chosen place or none (docs/domain.md). */
export async function createBulkBlocks(body: BulkBlockBody): Promise<CreatedBlocks> {
  return createdBlocksSchema.parse(await api.post('/backoffice/blocked-time/bulk', body));
}

export function useCreateBulkBlocks(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBulkBlocks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedTimesQueryKey(companyId) }),
  });
}
