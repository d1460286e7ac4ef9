import { createdBlocksSchema, type BulkBlockBody, type CreatedBlocks } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys, invalidateSchedule } from '@/lib/api/club-keys';

/** POST /backoffice/blocked-time/bulk: every chosen place or none (docs/domain.md). */
export async function createBulkBlocks(body: BulkBlockBody): Promise<CreatedBlocks> {
  return createdBlocksSchema.parse(await api.post('/backoffice/blocked-time/bulk', body));
}

/** POST …/single for one place (the place's own page), …/bulk otherwise. */
export async function createBlocks({
  single,
  placeIds,
  ...body
}: BulkBlockBody & { single: boolean }): Promise<CreatedBlocks> {
  if (!single) return createBulkBlocks({ ...body, placeIds });
  return createdBlocksSchema.parse(
    await api.post('/backoffice/blocked-time/single', { ...body, placeId: placeIds[0] }),
  );
}

export function useCreateBlocks(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlocks,
    // Blocks, and the bookings a block cancelled or moved (slots, lists, day sheet), all change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clubKeys.blockedTimes(companyId) }),
        invalidateSchedule(queryClient, companyId),
      ]),
  });
}
