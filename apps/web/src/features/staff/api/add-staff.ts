import { addStaffResultSchema, type AddStaffBody, type AddStaffResult } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffQueryKey } from './staff-query-keys';

/** POST /backoffice/company/{companyId}/staff: a one-time password comes back for a new account. */
export async function addStaff(companyId: string, body: AddStaffBody): Promise<AddStaffResult> {
  const data = await api.post(`/backoffice/company/${encodeURIComponent(companyId)}/staff`, body);
  return addStaffResultSchema.parse(data);
}

export function useAddStaff(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddStaffBody) => addStaff(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey(companyId) }),
  });
}
