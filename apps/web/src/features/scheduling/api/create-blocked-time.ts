import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSchedule } from './create-appointment';

export type CreateSingleBlockBody = {
  description: string;
  startAt: string;
  endsAt: string;
  placeId: string;
  /** Cancels the SCHEDULED appointments the block overlaps, in the same transaction. */
  cancelConflicting?: boolean;
};

/** POST /backoffice/blocked-time/single (201); 409 BlockConflictsWithAppointments lists conflicts. */
export async function createSingleBlock(body: CreateSingleBlockBody) {
  return api.post('/backoffice/blocked-time/single', body);
}

export function useCreateSingleBlock(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSingleBlock,
    onSuccess: () =>
      Promise.all([
        invalidateSchedule(queryClient, companyId),
        queryClient.invalidateQueries({ queryKey: [companyId, 'blocked-times'] }),
      ]),
  });
}
