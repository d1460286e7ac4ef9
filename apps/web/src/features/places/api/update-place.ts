import { placeSchema, type Place, type UpdatePlaceBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { placesQueryKey } from './get-places';

/** PATCH /backoffice/place (id in the body). */
export async function updatePlace(body: UpdatePlaceBody): Promise<Place> {
  return placeSchema.parse(await api.patch('/backoffice/place', body));
}

export function useUpdatePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlace,
    onSuccess: (place) =>
      queryClient.invalidateQueries({ queryKey: placesQueryKey(place.companyId) }),
  });
}
