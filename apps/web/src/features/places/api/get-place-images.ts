import { placeImageListSchema, type PlaceImage } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { placesQueryKey } from './get-places';

/** GET /backoffice/placeImage/place/{placeId}: the gallery, in order. */
export async function getPlaceImages(placeId: string, signal?: AbortSignal): Promise<PlaceImage[]> {
  const data = await api.get(`/backoffice/placeImage/place/${encodeURIComponent(placeId)}`, {
    signal,
  });
  return placeImageListSchema.parse(data).items;
}

export const getPlaceImagesQueryOptions = (companyId: string, placeId: string) =>
  queryOptions({
    queryKey: [...placesQueryKey(companyId), 'images', placeId] as const,
    queryFn: ({ signal }) => getPlaceImages(placeId, signal),
  });

export function usePlaceImages(companyId: string, placeId: string) {
  return useQuery(getPlaceImagesQueryOptions(companyId, placeId));
}
