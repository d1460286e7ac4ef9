import { liftSuspensionResultSchema } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { associatesQueryKey } from '@/lib/api/get-associate';

/** PATCH /backoffice/associate-title/{id}/lift-suspension: ends the suspension in force early. */
export async function liftTitleSuspension(associateTitleId: string) {
  return liftSuspensionResultSchema.parse(
    await api.patch(
      `/backoffice/associate-title/${encodeURIComponent(associateTitleId)}/lift-suspension`,
    ),
  );
}

export function useLiftTitleSuspension(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftTitleSuspension,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: associatesQueryKey(companyId) }),
  });
}
