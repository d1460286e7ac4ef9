import { bookingCheckSchema, type BookingCheck, type CreateAppointmentBody } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /backoffice/appointment/check: every rule the booking would fail, and the quota. */
export async function checkAppointment(
  body: CreateAppointmentBody,
  signal?: AbortSignal,
): Promise<BookingCheck> {
  return bookingCheckSchema.parse(
    await api.post('/backoffice/appointment/check', body, { signal }),
  );
}

export const checkAppointmentQueryOptions = (companyId: string, body: CreateAppointmentBody) =>
  queryOptions({
    queryKey: [companyId, 'appointments', 'check', body] as const,
    queryFn: ({ signal }) => checkAppointment(body, signal),
    staleTime: 0,
    retry: false,
  });

export function useCheckAppointment(companyId: string, body: CreateAppointmentBody | null) {
  return useQuery({
    ...checkAppointmentQueryOptions(companyId, body ?? ({} as CreateAppointmentBody)),
    enabled: body !== null,
  });
}
