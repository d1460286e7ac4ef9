import {
  addDaysToDate,
  appointmentListSchema,
  type Appointment,
  type AppointmentListQuery,
} from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** GET /backoffice/appointment: appointments starting in [fromDate, toDate). */
export async function getAppointments(
  query: AppointmentListQuery,
  signal?: AbortSignal,
): Promise<Appointment[]> {
  const data = await api.get('/backoffice/appointment', { query, signal });
  return appointmentListSchema.parse(data).items;
}

/**
 * The appointments of a place on a club-local date that hold their slot: scheduled, attended or
 * missed (the front desk works on all three); cancelled ones are left out.
 */
export const getDayAppointmentsQueryOptions = (companyId: string, placeId: string, date: string) =>
  queryOptions({
    queryKey: [...clubKeys.appointments(companyId), placeId, date] as const,
    queryFn: async ({ signal }) =>
      (
        await getAppointments({ placeId, fromDate: date, toDate: addDaysToDate(date, 1) }, signal)
      ).filter((appointment) => appointment.status !== 'CANCELLED'),
  });

/** `enabled` false when the URL's place id cannot name a place (nothing to ask the API). */
export function useDayAppointments(
  companyId: string,
  placeId: string,
  date: string,
  enabled = true,
) {
  return useQuery({ ...getDayAppointmentsQueryOptions(companyId, placeId, date), enabled });
}
