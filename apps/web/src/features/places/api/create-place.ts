import { placeSchema, type CreatePlaceBody, type Place } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { placesQueryKey } from './get-places';

/** POST /backoffice/place (201). */
export async function createPlace(body: CreatePlaceBody): Promise<Place> {
  return placeSchema.parse(await api.post('/backoffice/place', body));
}

export function useCreatePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlace,
    onSuccess: (place) =>
      queryClient.invalidateQueries({ queryKey: placesQueryKey(place.companyId) }),
  });
}
