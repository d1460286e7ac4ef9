import type { BlockInput } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { associatesQueryKey } from '@/lib/api/get-associate';

export type BlockTarget = { kind: 'associate' | 'title'; id: string };

/** PATCH /backoffice/associate/{id}/block or /backoffice/associate-title/{id}/block */
export async function blockAssociateOrTitle(target: BlockTarget, input: BlockInput) {
  const resource = target.kind === 'associate' ? 'associate' : 'associate-title';
  await api.patch(`/backoffice/${resource}/${encodeURIComponent(target.id)}/block`, input);
}

export function useBlockAssociateOrTitle(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, input }: { target: BlockTarget; input: BlockInput }) =>
      blockAssociateOrTitle(target, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: associatesQueryKey(companyId) }),
  });
}
