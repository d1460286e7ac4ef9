import { staffMemberSchema, type StaffMember, type StaffRole } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/api/get-companies';
import { staffQueryKey } from './staff-query-keys';

/** PATCH /backoffice/company/{companyId}/staff/{userId}: 409 LastAdministrator for the last one. */
export async function updateStaffRole(
  companyId: string,
  userId: string,
  role: StaffRole,
): Promise<StaffMember> {
  const data = await api.patch(
    `/backoffice/company/${encodeURIComponent(companyId)}/staff/${encodeURIComponent(userId)}`,
    { role },
  );
  return staffMemberSchema.parse(data);
}

export function useUpdateStaffRole(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: StaffRole }) =>
      updateStaffRole(companyId, userId, role),
    // The caller's own role may be the one changed: the screen mirrors the clubs' answer.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
      ]),
  });
}
