import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/api/club-keys';

const placeChoiceListSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

/** GET /backoffice/place/company/{companyId}: the places the place filter offers. */
export async function getAuditPlaceChoices(companyId: string, signal?: AbortSignal) {
  const data = await api.get(`/backoffice/place/company/${encodeURIComponent(companyId)}`, {
    signal,
  });
  return placeChoiceListSchema.parse(data).items;
}

export function useAuditPlaceChoices(companyId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...clubKeys.places(companyId), 'choices'] as const,
      queryFn: ({ signal }) => getAuditPlaceChoices(companyId, signal),
    }),
  );
}
