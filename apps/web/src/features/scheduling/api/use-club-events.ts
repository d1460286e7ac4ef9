import { useQueryClient } from '@tanstack/react-query';
import { invalidateSchedule } from '@/lib/api/club-keys';
import { useLiveEvents, type LiveStatus } from '@/lib/live-events';

export type { LiveStatus };

/**
 * Listens to the club's live events (GET /backoffice/events) while mounted: a booking, a
 * cancellation or a block of a date refetches that date's day sheet and the club's other
 * schedule queries. After a reconnect everything is refetched, since events sent while the
 * stream was down are not replayed.
 */
export function useClubEvents(companyId: string): LiveStatus {
  const queryClient = useQueryClient();
  return useLiveEvents({
    path: '/backoffice/events',
    query: { companyId },
    companyId,
    onChange: (event) => void invalidateSchedule(queryClient, companyId, event.date),
    onReconnect: () => void invalidateSchedule(queryClient, companyId),
  });
}
