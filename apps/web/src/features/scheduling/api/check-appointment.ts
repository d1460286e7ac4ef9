import { bookingCheckSchema, type BookingCheck, type CreateAppointmentBody } from '@clube/shared';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** POST /backoffice/appointment/check: every rule the booking would fail, and the quota. */
export async function checkAppointment(
  body: CreateAppointmentBody,
  signal?: AbortSignal,
): Promise<BookingCheck> {
  return bookingCheckSchema.parse(
    await api.post('/backoffice/appointment/check', body, { signal }),
  );
}

/** Nothing is asked until a member is picked (`body` null). */
export const checkAppointmentQueryOptions = (
  companyId: string,
  body: CreateAppointmentBody | null,
) =>
  queryOptions({
    queryKey: [...clubKeys.appointments(companyId), 'check', body] as const,
    queryFn: body ? ({ signal }) => checkAppointment(body, signal) : skipToken,
    staleTime: 0,
    retry: false,
  });

export function useCheckAppointment(companyId: string, body: CreateAppointmentBody | null) {
  return useQuery(checkAppointmentQueryOptions(companyId, body));
}
