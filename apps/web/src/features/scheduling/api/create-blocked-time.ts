import { createdBlocksSchema, type CreatedBlocks, type SingleBlockBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys, invalidateSchedule } from '@/lib/api/club-keys';

/** POST /backoffice/blocked-time/single (201); 409 BlockConflictsWithAppointments lists conflicts. */
export async function createSingleBlock(body: SingleBlockBody): Promise<CreatedBlocks> {
  return createdBlocksSchema.parse(await api.post('/backoffice/blocked-time/single', body));
}

export function useCreateSingleBlock(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSingleBlock,
    onSuccess: () =>
      Promise.all([
        invalidateSchedule(queryClient, companyId),
        queryClient.invalidateQueries({ queryKey: clubKeys.blockedTimes(companyId) }),
      ]),
  });
}
