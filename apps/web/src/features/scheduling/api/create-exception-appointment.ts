import { appointmentSchema, type CreateExceptionAppointmentBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSchedule } from '@/lib/api/club-keys';

/** POST /backoffice/appointment/exception (201): booked despite the rules a club may waive. */
export async function createExceptionAppointment(body: CreateExceptionAppointmentBody) {
  return appointmentSchema.parse(await api.post('/backoffice/appointment/exception', body));
}

/** Books as an exception, then refreshes the club's slots, day lists and occupancy. */
export function useCreateExceptionAppointment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExceptionAppointment,
    onSuccess: () => invalidateSchedule(queryClient, companyId),
  });
}
