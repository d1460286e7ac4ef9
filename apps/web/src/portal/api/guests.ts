import { guestListSchema, type GuestInput } from '@clube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';
import { portalKeys } from './me';

const guestsUrl = (bookingId: string) => `/portal/bookings/${encodeURIComponent(bookingId)}/guests`;

/** GET /portal/bookings/:id/guests: the booking's guests and its place's rules. */
export async function getGuestList(bookingId: string, signal?: AbortSignal) {
  return guestListSchema.parse(await portalApi.get(guestsUrl(bookingId), { signal }));
}

export const useGuestList = (bookingId: string) =>
  useQuery(
    queryOptions({
      queryKey: portalKeys.guests(bookingId),
      queryFn: ({ signal }) => getGuestList(bookingId, signal),
      staleTime: 0,
    }),
  );

/** PUT /portal/bookings/:id/guests: the whole list; answers it as kept. */
export function useSaveGuests(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (guests: GuestInput[]) =>
      guestListSchema.parse(await portalApi.put(guestsUrl(bookingId), { guests })),
    onSuccess: (list) => {
      queryClient.setQueryData(portalKeys.guests(bookingId), list);
      return queryClient.invalidateQueries({ queryKey: portalKeys.allBookings });
    },
  });
}
