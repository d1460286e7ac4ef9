import { appointmentSchema, type MoveAppointmentBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSchedule } from '@/lib/api/club-keys';

/**
 * PATCH /backoffice/appointment/{id}/move: the booking to another place of its category and/or
 * another free time of the same length; the member is told.
 */
export async function moveAppointment(input: { id: string } & MoveAppointmentBody) {
  const { id, ...body } = input;
  return appointmentSchema.parse(
    await api.patch(`/backoffice/appointment/${encodeURIComponent(id)}/move`, body),
  );
}

export function useMoveAppointment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveAppointment,
    onSuccess: () => invalidateSchedule(queryClient, companyId),
  });
}
