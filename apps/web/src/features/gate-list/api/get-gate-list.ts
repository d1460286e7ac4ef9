import { gateListSchema, type GateList } from '@clube/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** GET /backoffice/gate-list: the day's bookings with guests, for the gate. */
export async function getGateList(
  companyId: string,
  date: string,
  signal?: AbortSignal,
): Promise<GateList> {
  return gateListSchema.parse(
    await api.get('/backoffice/gate-list', { query: { companyId, date }, signal }),
  );
}

/** Keyed under the club's day sheet: a booking's change of that day refreshes both. */
export const getGateListQueryOptions = (companyId: string, date: string) =>
  queryOptions({
    queryKey: [...clubKeys.daySheet(companyId), date, 'gate-list'] as const,
    queryFn: ({ signal }) => getGateList(companyId, date, signal),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export function useGateList(companyId: string, date: string) {
  return useQuery(getGateListQueryOptions(companyId, date));
}
