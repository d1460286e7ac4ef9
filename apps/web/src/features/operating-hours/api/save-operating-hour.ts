import { operatingHourSchema, type OperatingHour, type OperatingHourBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { operatingHoursQueryKey } from '@/lib/api/get-operating-hours';

/** POST /backoffice/operating-hour: the first hours of a weekday. */
export async function createOperatingHour(body: OperatingHourBody): Promise<OperatingHour> {
  return operatingHourSchema.parse(await api.post('/backoffice/operating-hour', body));
}

/** PATCH /backoffice/operating-hour/company: a weekday that already has hours. */
export async function updateOperatingHour(body: OperatingHourBody): Promise<OperatingHour> {
  return operatingHourSchema.parse(await api.patch('/backoffice/operating-hour/company', body));
}

export function useSaveOperatingHour(companyId: string, mode: 'create' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mode === 'create' ? createOperatingHour : updateOperatingHour,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatingHoursQueryKey(companyId) }),
  });
}
