import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { placesQueryKey } from './get-places';

/** DELETE /backoffice/place/{id}: archived, or 409 PlaceHasFutureAppointments. */
export async function deletePlace(placeId: string): Promise<void> {
  await api.delete(`/backoffice/place/${encodeURIComponent(placeId)}`);
}

export function useDeletePlace(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlace,
    onSuccess: (_result, placeId) => {
      // The detail of a deleted place would answer 404: drop it rather than refetch it.
      queryClient.removeQueries({ queryKey: [...placesQueryKey(companyId), 'detail', placeId] });
      return queryClient.invalidateQueries({ queryKey: placesQueryKey(companyId) });
    },
  });
}
