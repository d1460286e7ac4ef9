import { invitationSummarySchema, type InvitationSummary } from '@clube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { associatesQueryKey } from '@/lib/api/get-associate';

/** While a bulk invitation is being sent, its progress is read this often. */
const progressIntervalMs = 2_000;

const invitationUrl = (companyId: string) =>
  `/backoffice/associate/invitation/company/${encodeURIComponent(companyId)}`;

/** GET /backoffice/associate/invitation/company/{companyId} */
export async function getInvitationSummary(
  companyId: string,
  signal?: AbortSignal,
): Promise<InvitationSummary> {
  return invitationSummarySchema.parse(await api.get(invitationUrl(companyId), { signal }));
}

export const getInvitationSummaryQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...associatesQueryKey(companyId), 'invitations'] as const,
    queryFn: ({ signal }) => getInvitationSummary(companyId, signal),
    refetchInterval: (query) =>
      (query.state.data?.latestBatch?.pending ?? 0) > 0 ? progressIntervalMs : false,
  });

export function useInvitationSummary(companyId: string) {
  return useQuery(getInvitationSummaryQueryOptions(companyId));
}

/** POST /backoffice/associate/invitation/company/{companyId}: every member without a password. */
export async function inviteAllAssociates(companyId: string): Promise<InvitationSummary> {
  return invitationSummarySchema.parse(await api.post(invitationUrl(companyId), {}));
}

export function useInviteAllAssociates(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => inviteAllAssociates(companyId),
    onSuccess: (summary) =>
      queryClient.setQueryData(getInvitationSummaryQueryOptions(companyId).queryKey, summary),
  });
}

/** POST /backoffice/associate/{id}/invitation: one member, from their page. */
export async function inviteAssociate(associateId: string): Promise<void> {
  await api.post(`/backoffice/associate/${encodeURIComponent(associateId)}/invitation`, {});
}

export function useInviteAssociate() {
  return useMutation({ mutationFn: inviteAssociate });
}
