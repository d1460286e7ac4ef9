import {
  daysOfWeek,
  operatingHourSchema,
  type OperatingHour,
  type OperatingHourBody,
} from '@clube/shared';
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

/**
 * Copiar para todos os dias: one day's hours saved on every other weekday (created where a day
 * has none, updated where it has), then the week read again, whatever part failed.
 */
export function useCopyHoursToAllDays(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, week }: { source: OperatingHour; week: OperatingHour[] }) => {
      const others = daysOfWeek.filter((day) => day !== source.dayOfWeek);
      const results = await Promise.allSettled(
        others.map((dayOfWeek) => {
          const body = {
            companyId,
            dayOfWeek,
            openTime: source.openTime,
            closeTime: source.closeTime,
          };
          const exists = week.some((hour) => hour.dayOfWeek === dayOfWeek);
          return exists ? updateOperatingHour(body) : createOperatingHour(body);
        }),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatingHoursQueryKey(companyId) }),
  });
}
