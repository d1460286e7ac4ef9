import { appointmentSchema, noShowResultSchema } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSchedule } from '@/lib/api/club-keys';

const urlOf = (id: string, action: string) =>
  `/backoffice/appointment/${encodeURIComponent(id)}/${action}`;

/** PATCH /backoffice/appointment/{id}/check-in: the member arrived. */
export async function checkInAppointment(id: string) {
  return appointmentSchema.parse(await api.patch(urlOf(id, 'check-in')));
}

/** PATCH /backoffice/appointment/{id}/no-show: may answer the suspension it caused. */
export async function markNoShow(id: string) {
  return noShowResultSchema.parse(await api.patch(urlOf(id, 'no-show')));
}

/** PATCH /backoffice/appointment/{id}/undo-attendance: back to SCHEDULED, same club day. */
export async function undoAttendance(id: string) {
  return appointmentSchema.parse(await api.patch(urlOf(id, 'undo-attendance')));
}

export function useAttendanceActions(companyId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => invalidateSchedule(queryClient, companyId);
  return {
    checkIn: useMutation({ mutationFn: checkInAppointment, onSuccess }),
    noShow: useMutation({ mutationFn: markNoShow, onSuccess }),
    undo: useMutation({ mutationFn: undoAttendance, onSuccess }),
  };
}
