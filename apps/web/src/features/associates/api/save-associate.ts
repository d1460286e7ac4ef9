import {
  associateSchema,
  type Associate,
  type CreateAssociateBody,
  type UpdateAssociateBody,
} from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { associatesQueryKey } from '@/lib/api/get-associate';

/** POST /backoffice/associate: one member added by hand; answers the new member. */
export async function createAssociate(input: CreateAssociateBody): Promise<Associate> {
  return associateSchema.parse(await api.post('/backoffice/associate', input));
}

/** PATCH /backoffice/associate/{id}: name, e-mail and phone; answers the member as saved. */
export async function updateAssociate(id: string, input: UpdateAssociateBody): Promise<Associate> {
  return associateSchema.parse(
    await api.patch(`/backoffice/associate/${encodeURIComponent(id)}`, input),
  );
}

export function useSaveAssociate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'create'; input: CreateAssociateBody }
        | { kind: 'update'; id: string; input: UpdateAssociateBody },
    ) =>
      change.kind === 'create'
        ? createAssociate(change.input)
        : updateAssociate(change.id, change.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: associatesQueryKey(companyId) }),
  });
}
