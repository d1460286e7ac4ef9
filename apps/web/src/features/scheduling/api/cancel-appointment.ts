import { appointmentSchema, type CancelAppointmentBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSchedule } from '@/lib/api/club-keys';

/**
 * PATCH /backoffice/appointment/cancel/{id}: the row stays, as CANCELLED, with the reason the
 * member reads.
 */
export async function cancelAppointment(input: { id: string } & Required<CancelAppointmentBody>) {
  return appointmentSchema.parse(
    await api.patch(`/backoffice/appointment/cancel/${encodeURIComponent(input.id)}`, {
      reason: input.reason,
    }),
  );
}

/** PATCH /backoffice/appointment/cancel/{id}/exception: past the deadline, with a reason. */
export async function cancelAppointmentAsException(input: { id: string; reason: string }) {
  return appointmentSchema.parse(
    await api.patch(`/backoffice/appointment/cancel/${encodeURIComponent(input.id)}/exception`, {
      reason: input.reason,
    }),
  );
}

export function useCancelAppointmentAsException(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointmentAsException,
    onSuccess: () => invalidateSchedule(queryClient, companyId),
  });
}

export function useCancelAppointment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: () => invalidateSchedule(queryClient, companyId),
  });
}
