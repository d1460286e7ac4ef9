import {
  associateAppointmentsSummarySchema,
  type AssociateAppointmentsSummary,
} from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { associatesQueryKey } from '@/lib/api/get-associate';

/** GET /backoffice/associate/id/{id}/appointments-summary */
export async function getAssociateAppointmentsSummary(
  associateId: string,
  signal?: AbortSignal,
): Promise<AssociateAppointmentsSummary> {
  const data = await api.get(
    `/backoffice/associate/id/${encodeURIComponent(associateId)}/appointments-summary`,
    { signal },
  );
  return associateAppointmentsSummarySchema.parse(data);
}

export const getAssociateAppointmentsSummaryQueryOptions = (
  companyId: string,
  associateId: string,
) =>
  queryOptions({
    queryKey: [...associatesQueryKey(companyId), 'appointments-summary', associateId] as const,
    queryFn: ({ signal }) => getAssociateAppointmentsSummary(associateId, signal),
  });

export function useAssociateAppointmentsSummary(companyId: string, associateId: string) {
  return useQuery(getAssociateAppointmentsSummaryQueryOptions(companyId, associateId));
}
