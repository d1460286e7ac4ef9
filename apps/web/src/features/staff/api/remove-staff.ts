import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/api/get-companies';
import { staffQueryKey } from './staff-query-keys';

/** DELETE /backoffice/company/{companyId}/staff/{userId}: their access ends on the next request. */
export async function removeStaff(companyId: string, userId: string): Promise<void> {
  await api.delete(
    `/backoffice/company/${encodeURIComponent(companyId)}/staff/${encodeURIComponent(userId)}`,
  );
}

export function useRemoveStaff(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeStaff(companyId, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
      ]),
  });
}
