import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents, type LiveStatus } from '@/lib/live-events';
import { fetchWithPortalSession } from '../lib/portal-api';
import { useSignedInSession } from '../lib/session';
import { portalKeys } from './me';

/**
 * Follows the member's club's live events (GET /portal/events) while mounted: a booking, a
 * cancellation or a block elsewhere refetches that place's slots of that date, so a slot booked
 * by someone else turns taken without a reload. The events name a place and a date, never who.
 * After a reconnect every slot list is refetched (events sent meanwhile are not replayed).
 */
export function usePortalClubEvents(): LiveStatus {
  const queryClient = useQueryClient();
  const session = useSignedInSession();
  return useLiveEvents({
    path: '/portal/events',
    companyId: session.club.id,
    fetchWithSession: fetchWithPortalSession,
    onChange: (event) =>
      void queryClient.invalidateQueries({ queryKey: portalKeys.slots(event.placeId, event.date) }),
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: ['portal', 'slots'] }),
  });
}
