import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

/** Only what a choice of places shows of one (the block dialog, the special day's). */
const placeChoiceListSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type PlaceChoice = z.infer<typeof placeChoiceListSchema>['items'][number];

/** GET /backoffice/place/company/{companyId}: the places staff can choose to block. */
export async function getCompanyPlaces(companyId: string, signal?: AbortSignal) {
  const data = await api.get(`/backoffice/place/company/${companyId}`, { signal });
  return placeChoiceListSchema.parse(data).items;
}

export const getCompanyPlacesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...clubKeys.places(companyId), 'choices'] as const,
    queryFn: ({ signal }) => getCompanyPlaces(companyId, signal),
  });

export function useCompanyPlaces(companyId: string) {
  return useQuery(getCompanyPlacesQueryOptions(companyId));
}
