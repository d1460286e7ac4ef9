import { placeSchema, type Place } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isWellFormedId } from '@/lib/record-id';
import { clubKeys } from './club-keys';

/** GET /backoffice/place/{id}. */
export async function getPlace(placeId: string, signal?: AbortSignal): Promise<Place> {
  return placeSchema.parse(
    await api.get(`/backoffice/place/${encodeURIComponent(placeId)}`, { signal }),
  );
}

/**
 * Here, not in the places feature: every page whose URL names a place (its detail, its
 * appointments, its blocks) first makes sure the place exists. The key sits under the places
 * feature's `[companyId, 'places']`, so its mutations refresh it.
 */
export const getPlaceQueryOptions = (companyId: string, placeId: string) =>
  queryOptions({
    queryKey: [...clubKeys.places(companyId), 'detail', placeId] as const,
    queryFn: ({ signal }) => getPlace(placeId, signal),
    // A malformed id names no place: no request, the page says so at once.
    enabled: isWellFormedId(placeId),
  });

export function usePlace(companyId: string, placeId: string) {
  return useQuery(getPlaceQueryOptions(companyId, placeId));
}
