import { appointmentSchema, type CheckInByCodeBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSchedule } from '@/lib/api/club-keys';

/** POST /backoffice/appointment/check-in-by-code: the member shows their booking's code. */
export async function checkInByCode(body: CheckInByCodeBody) {
  return appointmentSchema.parse(await api.post('/backoffice/appointment/check-in-by-code', body));
}

export function useCheckInByCode(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => checkInByCode({ companyId, code }),
    onSuccess: () => invalidateSchedule(queryClient, companyId),
  });
}
