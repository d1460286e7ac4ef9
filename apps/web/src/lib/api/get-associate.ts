import { associateSchema, type Associate } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of a club's associates starts with this key (a change invalidates them all). */
export const associatesQueryKey = (companyId: string) => [companyId, 'associates'] as const;

/** GET /backoffice/associate/id/{id} */
export async function getAssociate(associateId: string, signal?: AbortSignal): Promise<Associate> {
  const data = await api.get(`/backoffice/associate/id/${encodeURIComponent(associateId)}`, {
    signal,
  });
  return associateSchema.parse(data);
}

export const getAssociateQueryOptions = (companyId: string, associateId: string) =>
  queryOptions({
    queryKey: [...associatesQueryKey(companyId), 'detail', associateId] as const,
    queryFn: ({ signal }) => getAssociate(associateId, signal),
  });

export function useAssociate(companyId: string, associateId: string, enabled = true) {
  return useQuery({ ...getAssociateQueryOptions(companyId, associateId), enabled });
}
