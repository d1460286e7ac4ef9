import { appointmentSchema, type CreateAppointmentBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSchedule } from '@/lib/api/club-keys';

/** POST /backoffice/appointment (201). */
export async function createAppointment(body: CreateAppointmentBody) {
  return appointmentSchema.parse(await api.post('/backoffice/appointment', body));
}

/** Books, then refreshes the club's slots, day lists and occupancy. */
export function useCreateAppointment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: () => invalidateSchedule(queryClient, companyId),
  });
}
