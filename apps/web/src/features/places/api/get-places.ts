import { placeListSchema, type PlaceListItem } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** GET /backoffice/place/company/{companyId}: active places by name, with cover thumbnail. */
export async function getPlaces(companyId: string, signal?: AbortSignal): Promise<PlaceListItem[]> {
  const data = await api.get(`/backoffice/place/company/${encodeURIComponent(companyId)}`, {
    signal,
  });
  return placeListSchema.parse(data).items;
}

/** Every place query of a club starts with this, so one invalidation refreshes them all. */
export const placesQueryKey = clubKeys.places;

export const getPlacesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...placesQueryKey(companyId), 'list'] as const,
    queryFn: ({ signal }) => getPlaces(companyId, signal),
  });

export function usePlaces(companyId: string) {
  return useQuery(getPlacesQueryOptions(companyId));
}
