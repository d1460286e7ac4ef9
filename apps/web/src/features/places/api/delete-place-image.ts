import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { placesQueryKey } from './get-places';

/** DELETE /backoffice/placeImage/{id}: the row and its files. */
export async function deletePlaceImage(imageId: string): Promise<void> {
  await api.delete(`/backoffice/placeImage/${encodeURIComponent(imageId)}`);
}

export function useDeletePlaceImage(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaceImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placesQueryKey(companyId) }),
  });
}
