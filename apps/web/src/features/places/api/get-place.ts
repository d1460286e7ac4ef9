import { placeSchema, type Place } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { placesQueryKey } from './get-places';

/** GET /backoffice/place/{id}. */
export async function getPlace(placeId: string, signal?: AbortSignal): Promise<Place> {
  return placeSchema.parse(
    await api.get(`/backoffice/place/${encodeURIComponent(placeId)}`, { signal }),
  );
}

export const getPlaceQueryOptions = (companyId: string, placeId: string) =>
  queryOptions({
    queryKey: [...placesQueryKey(companyId), 'detail', placeId] as const,
    queryFn: ({ signal }) => getPlace(placeId, signal),
  });

export function usePlace(companyId: string, placeId: string) {
  return useQuery(getPlaceQueryOptions(companyId, placeId));
}
