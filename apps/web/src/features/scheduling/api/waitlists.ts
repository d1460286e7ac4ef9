import {
  appointmentSchema,
  guestListSchema,
  staffWaitlistEntrySchema,
  staffWaitlistListSchema,
  type GuestInput,
  type StaffWaitlistEntry,
} from '@clube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys, invalidateSchedule } from '@/lib/api/club-keys';

/** A slot of a place: its line and its guests are read when its dialog opens. */
export type SheetSlot = { placeId: string; startsAt: string; date: string };

const waitlistKey = (companyId: string, date: string) =>
  [...clubKeys.daySheet(companyId), 'waitlists', date] as const;

/** GET /backoffice/waitlists: every line of the club's date (the sheet keeps only the counts). */
export async function getClubWaitlists(companyId: string, date: string, signal?: AbortSignal) {
  return staffWaitlistListSchema.parse(
    await api.get('/backoffice/waitlists', { query: { companyId, date }, signal }),
  ).items;
}

/** The line of one slot, by position. */
export function useSlotWaitlist(companyId: string, slot: SheetSlot | null) {
  return useQuery(
    queryOptions({
      queryKey: waitlistKey(companyId, slot?.date ?? ''),
      queryFn: ({ signal }) => getClubWaitlists(companyId, slot!.date, signal),
      enabled: slot !== null,
      staleTime: 0,
      select: (items: StaffWaitlistEntry[]) =>
        items.filter(
          (entry) =>
            entry.place.id === slot?.placeId &&
            Date.parse(entry.startsAt) === Date.parse(slot.startsAt),
        ),
    }),
  );
}

/** Offer by hand, book for the member, or put a member in line: the sheet and the lines refresh. */
function useWaitlistMutation<Input, Output>(
  companyId: string,
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateSchedule(queryClient, companyId) });
}

const entryUrl = (id: string, action: 'offer' | 'book') =>
  `/backoffice/waitlists/${encodeURIComponent(id)}/${action}`;

export const useOfferByHand = (companyId: string) =>
  useWaitlistMutation(companyId, async (id: string) =>
    staffWaitlistEntrySchema.parse(await api.post(entryUrl(id, 'offer'))),
  );

export const useBookForEntry = (companyId: string) =>
  useWaitlistMutation(companyId, async (id: string) =>
    appointmentSchema.parse(await api.post(entryUrl(id, 'book'))),
  );

export const useJoinForMember = (companyId: string) =>
  useWaitlistMutation(
    companyId,
    async (body: { placeId: string; startsAt: string; associateId: string }) =>
      staffWaitlistEntrySchema.parse(await api.post('/backoffice/waitlists', body)),
  );

const guestsUrl = (appointmentId: string) =>
  `/backoffice/appointment/${encodeURIComponent(appointmentId)}/guests`;
const guestsKey = (companyId: string, appointmentId: string) =>
  [...clubKeys.appointments(companyId), 'guests', appointmentId] as const;

/** GET /backoffice/appointment/:id/guests: the booking's guests and its place's rules. */
export const useBookingGuests = (companyId: string, appointmentId: string) =>
  useQuery(
    queryOptions({
      queryKey: guestsKey(companyId, appointmentId),
      queryFn: async ({ signal }) =>
        guestListSchema.parse(await api.get(guestsUrl(appointmentId), { signal })),
      staleTime: 0,
    }),
  );

/** PUT /backoffice/appointment/:id/guests: the whole list; answers it as kept. */
export function useSaveBookingGuests(companyId: string, appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (guests: GuestInput[]) =>
      guestListSchema.parse(await api.put(guestsUrl(appointmentId), { guests })),
    onSuccess: (list) => queryClient.setQueryData(guestsKey(companyId, appointmentId), list),
  });
}
