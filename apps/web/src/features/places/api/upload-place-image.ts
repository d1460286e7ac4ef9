import { placeImageSchema, type PlaceImage } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { placesQueryKey } from './get-places';

export type UploadPlaceImageInput = { placeId: string; image: File; description?: string };

/** POST /backoffice/placeImage, multipart; the back office always sends sequence 1. */
export async function uploadPlaceImage(input: UploadPlaceImageInput): Promise<PlaceImage> {
  const form = new FormData();
  form.append('placeId', input.placeId);
  form.append('sequence', '1');
  if (input.description?.trim()) form.append('description', input.description.trim());
  form.append('image', input.image);
  return placeImageSchema.parse(await api.post('/backoffice/placeImage', form));
}

export function useUploadPlaceImage(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPlaceImage,
    // The gallery and the card's cover both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placesQueryKey(companyId) }),
  });
}
