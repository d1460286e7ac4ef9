import { createdBlocksSchema, type BulkBlockBody, type CreatedBlocks } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blockedTimesQueryKey } from './get-blocked-times';

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

const scheduleKeys = ['time-slots', 'appointments', 'occupancy', 'day-sheet'];

export function useCreateBlocks(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlocks,
    // Blocks, and the bookings a block cancelled or moved (slots, lists, day sheet), all change.
    onSuccess: () =>
      Promise.all(
        [blockedTimesQueryKey(companyId), ...scheduleKeys.map((key) => [companyId, key])].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
