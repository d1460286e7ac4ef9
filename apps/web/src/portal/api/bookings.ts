import {
  portalBookingCheckSchema,
  portalBookingListSchema,
  portalBookingSchema,
  type PortalBookingBody,
  type PortalBookingScope,
} from '@clube/shared';
import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { readOfflineBookings, saveOfflineBookings } from '../lib/offline-bookings';
import { portalApi } from '../lib/portal-api';
import { portalKeys } from './me';

/** GET /portal/bookings?scope=: the title's bookings of one tab. */
export async function getBookings(scope: PortalBookingScope, signal?: AbortSignal) {
  return portalBookingListSchema.parse(
    await portalApi.get('/portal/bookings', { query: { scope }, signal }),
  );
}

/** Who the bookings belong to: the upcoming ones are kept on the device for that member only. */
type BookingsOwner = { memberId: string; clubId: string };

/** The upcoming bookings this member last read online, or undefined (offline-bookings.ts). */
function offlineUpcomingOf(owner: BookingsOwner) {
  const snapshot = readOfflineBookings(owner.memberId, owner.clubId);
  const answer = snapshot && portalBookingListSchema.safeParse(snapshot.answer);
  if (!snapshot || !answer?.success) return undefined;
  return { data: answer.data, savedAt: Date.parse(snapshot.savedAt) };
}

/**
 * The bookings of one tab. The upcoming tab starts from the member's last answer kept on the
 * device (dated by when it was read, so it is refetched at once), and keeps each new answer: with
 * no network the list and its entry codes stay.
 */
export function useBookings(scope: PortalBookingScope, owner: BookingsOwner) {
  // Read when the query is created only (initialData's functions), not on every render.
  const offline = () => (scope === 'upcoming' ? offlineUpcomingOf(owner) : undefined);
  return useQuery(
    queryOptions({
      queryKey: portalKeys.bookings(scope),
      queryFn: async ({ signal }) => {
        const answer = await getBookings(scope, signal);
        if (scope === 'upcoming') {
          saveOfflineBookings({ ...owner, savedAt: new Date().toISOString(), answer });
        }
        return answer;
      },
      initialData: () => offline()?.data,
      initialDataUpdatedAt: () => offline()?.savedAt,
    }),
  );
}

/** POST /portal/bookings/check: every rule the booking would fail, and the month's quota. */
export async function checkBooking(body: PortalBookingBody, signal?: AbortSignal) {
  return portalBookingCheckSchema.parse(
    await portalApi.post('/portal/bookings/check', body, { signal }),
  );
}

export const bookingCheckQueryOptions = (body: PortalBookingBody | null) =>
  queryOptions({
    queryKey: portalKeys.check(body),
    queryFn: body ? ({ signal }) => checkBooking(body, signal) : skipToken,
    // A check is a snapshot of the rules right now: never served from an old answer.
    gcTime: 0,
    staleTime: 0,
  });

export const useBookingCheck = (body: PortalBookingBody | null) =>
  useQuery(bookingCheckQueryOptions(body));

/** What a booking or a cancellation changes: slots, quotas, next bookings, the lists. */
function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return (placeId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: portalKeys.slotsOf(placeId) }),
      queryClient.invalidateQueries({ queryKey: portalKeys.me }),
      queryClient.invalidateQueries({ queryKey: portalKeys.allBookings }),
    ]);
}

/** POST /portal/bookings. */
export function useCreateBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: async (body: PortalBookingBody) =>
      portalBookingSchema.parse(await portalApi.post('/portal/bookings', body)),
    onSettled: (_data, _error, body) => invalidate(body.placeId),
  });
}

/** PATCH /portal/bookings/:id/cancel. */
export function useCancelBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: async (booking: { id: string; placeId: string }) =>
      portalBookingSchema.parse(
        await portalApi.patch(`/portal/bookings/${encodeURIComponent(booking.id)}/cancel`),
      ),
    onSettled: (_data, _error, booking) => invalidate(booking.placeId),
  });
}
