import { portalPlaceListSchema, portalSlotListSchema } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';
import { portalKeys } from './me';

/** GET /portal/places: the club's places, by category name then place name. */
export async function getPlaces(signal?: AbortSignal) {
  return portalPlaceListSchema.parse(await portalApi.get('/portal/places', { signal }));
}

export const usePlaces = () =>
  useQuery(
    queryOptions({ queryKey: portalKeys.places, queryFn: ({ signal }) => getPlaces(signal) }),
  );

/** GET /portal/places/:id/slots?date=: the day's slots and their states (never who holds one). */
export async function getSlots(placeId: string, date: string, signal?: AbortSignal) {
  return portalSlotListSchema.parse(
    await portalApi.get(`/portal/places/${encodeURIComponent(placeId)}/slots`, {
      query: { date },
      signal,
    }),
  );
}

export const useSlots = (placeId: string, date: string) =>
  useQuery(
    queryOptions({
      queryKey: portalKeys.slots(placeId, date),
      queryFn: ({ signal }) => getSlots(placeId, date, signal),
    }),
  );
