import { blockedTimeListSchema, type BlockedTime } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

export type BlockedTimeFilter = {
  companyId: string;
  placeId?: string;
  startTime: string;
  endTime: string;
};

/** GET /backoffice/blocked-time/findAll: blocks overlapping the range, of a place or the club. */
export async function getBlockedTimes(
  filter: BlockedTimeFilter,
  signal?: AbortSignal,
): Promise<BlockedTime[]> {
  const data = await api.get('/backoffice/blocked-time/findAll', { query: filter, signal });
  return blockedTimeListSchema.parse(data).items;
}

export const blockedTimesQueryKey = clubKeys.blockedTimes;

export const getBlockedTimesQueryOptions = (filter: BlockedTimeFilter) =>
  queryOptions({
    queryKey: [...blockedTimesQueryKey(filter.companyId), filter] as const,
    queryFn: ({ signal }) => getBlockedTimes(filter, signal),
  });

export function useBlockedTimes(filter: BlockedTimeFilter) {
  return useQuery(getBlockedTimesQueryOptions(filter));
}
