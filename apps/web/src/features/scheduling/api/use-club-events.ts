import { clubEventSchema } from '@clube/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidateSchedule } from '@/lib/api/club-keys';
import { readEventStream } from '@/lib/event-stream';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/** Waits before reconnecting, longer after each failure, never more than 30 s. */
const retryDelayMs = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));

/**
 * Listens to the club's live events (GET /backoffice/events) while mounted: a booking, a
 * cancellation or a block of a date refetches that date's day sheet and the club's other
 * schedule queries. After a reconnect everything is refetched, since events sent while the
 * stream was down are not replayed.
 */
export function useClubEvents(companyId: string): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    const controller = new AbortController();
    let failures = 0;
    let connectedBefore = false;
    const refreshSchedule = (date?: string) => invalidateSchedule(queryClient, companyId, date);

    const run = async () => {
      while (!controller.signal.aborted) {
        try {
          await readEventStream('/backoffice/events', {
            query: { companyId },
            signal: controller.signal,
            onEvent: (event) => {
              if (event.name === 'ready') {
                failures = 0;
                setStatus('live');
                if (connectedBefore) void refreshSchedule();
                connectedBefore = true;
                return;
              }
              if (event.name !== 'change') return;
              const parsed = clubEventSchema.safeParse(JSON.parse(event.data));
              if (parsed.success && parsed.data.companyId === companyId)
                void refreshSchedule(parsed.data.date);
            },
          });
        } catch {
          failures += 1;
        }
        if (controller.signal.aborted) return;
        setStatus(failures > 0 ? 'offline' : 'connecting');
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures)));
      }
    };
    void run();
    return () => controller.abort();
  }, [companyId, queryClient]);

  return status;
}
