import { guestSchema, type GateList } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getGateListQueryOptions } from './get-gate-list';

/** PATCH /backoffice/guests/:id/check-in: the gate marks (or unmarks) a guest's arrival. */
export function useCheckInGuest(companyId: string, date: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getGateListQueryOptions(companyId, date);
  return useMutation({
    mutationFn: async (change: { guestId: string; checkedIn: boolean }) =>
      guestSchema.parse(
        await api.patch(`/backoffice/guests/${encodeURIComponent(change.guestId)}/check-in`, {
          checkedIn: change.checkedIn,
        }),
      ),
    // The answer is the guest as kept: it replaces the list's copy, no re-read.
    onSuccess: (guest) =>
      queryClient.setQueryData(queryKey, (list: GateList | undefined) =>
        list
          ? {
              ...list,
              bookings: list.bookings.map((booking) => ({
                ...booking,
                guests: booking.guests.map((item) => (item.id === guest.id ? guest : item)),
              })),
            }
          : list,
      ),
  });
}
