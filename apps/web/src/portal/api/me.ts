import { portalMeSchema } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';

export const portalKeys = {
  me: ['portal', 'me'] as const,
  places: ['portal', 'places'] as const,
  slots: (placeId: string, date: string) => ['portal', 'slots', placeId, date] as const,
  slotsOf: (placeId: string) => ['portal', 'slots', placeId] as const,
  bookings: (scope: string) => ['portal', 'bookings', scope] as const,
  allBookings: ['portal', 'bookings'] as const,
  series: ['portal', 'bookings', 'series'] as const,
  check: (body: unknown) => ['portal', 'check', body] as const,
  guests: (bookingId: string) => ['portal', 'guests', bookingId] as const,
};

/** GET /portal/me: the member, their title (blocks, members), quotas and next bookings. */
export async function getMe(signal?: AbortSignal) {
  return portalMeSchema.parse(await portalApi.get('/portal/me', { signal }));
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: portalKeys.me, queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(meQueryOptions());
