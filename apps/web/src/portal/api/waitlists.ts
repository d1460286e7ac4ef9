import {
  portalBookingSchema,
  portalWaitlistEntrySchema,
  portalWaitlistListSchema,
  type PortalBookingBody,
} from '@clube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';
import { portalKeys } from './me';

export const waitlistKeys = { all: ['portal', 'waitlists'] as const };

/** GET /portal/waitlists: the member's lines, with positions and offers. */
export async function getWaitlists(signal?: AbortSignal) {
  return portalWaitlistListSchema.parse(await portalApi.get('/portal/waitlists', { signal }));
}

export const waitlistsQueryOptions = () =>
  queryOptions({
    queryKey: waitlistKeys.all,
    queryFn: ({ signal }) => getWaitlists(signal),
    // An offer arrives from the server's own work: looked for every half minute.
    refetchInterval: 30_000,
  });

export const useWaitlists = () => useQuery(waitlistsQueryOptions());

/** What joining, answering or leaving changes: the lines, the slots, the bookings. */
function useInvalidateWaitlists() {
  const queryClient = useQueryClient();
  return (placeId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
      queryClient.invalidateQueries({ queryKey: portalKeys.me }),
      queryClient.invalidateQueries({ queryKey: portalKeys.allBookings }),
      placeId
        ? queryClient.invalidateQueries({ queryKey: portalKeys.slotsOf(placeId) })
        : undefined,
    ]);
}

/** POST /portal/waitlists: join a taken slot's line. */
export function useJoinWaitlist() {
  const invalidate = useInvalidateWaitlists();
  return useMutation({
    mutationFn: async (body: PortalBookingBody) =>
      portalWaitlistEntrySchema.parse(await portalApi.post('/portal/waitlists', body)),
    onSettled: (_data, _error, body) => invalidate(body.placeId),
  });
}

type EntryRef = { id: string; placeId: string };
const entryPath = (entry: EntryRef, action = '') =>
  `/portal/waitlists/${encodeURIComponent(entry.id)}${action}`;

/** POST /portal/waitlists/:id/accept: books the offered slot. */
export function useAcceptOffer() {
  const invalidate = useInvalidateWaitlists();
  return useMutation({
    mutationFn: async (entry: EntryRef) =>
      portalBookingSchema.parse(await portalApi.post(entryPath(entry, '/accept'))),
    onSettled: (_data, _error, entry) => invalidate(entry.placeId),
  });
}

/** POST /portal/waitlists/:id/refuse: the slot goes to the next in line. */
export function useRefuseOffer() {
  const invalidate = useInvalidateWaitlists();
  return useMutation({
    mutationFn: async (entry: EntryRef) => portalApi.post(entryPath(entry, '/refuse')),
    onSettled: (_data, _error, entry) => invalidate(entry.placeId),
  });
}

/** DELETE /portal/waitlists/:id: leave the line. */
export function useLeaveWaitlist() {
  const invalidate = useInvalidateWaitlists();
  return useMutation({
    mutationFn: async (entry: EntryRef) => portalApi.delete(entryPath(entry)),
    onSettled: (_data, _error, entry) => invalidate(entry.placeId),
  });
}
