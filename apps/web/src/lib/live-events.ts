import { clubEventSchema, type ClubEvent } from '@clube/shared';
import { useEffect, useRef, useState } from 'react';
import type { fetchWithSession } from './api-client';
import { readEventStream } from './event-stream';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/** Waits before reconnecting, longer after each failure, never more than 30 s. */
const retryDelayMs = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));

export type LiveEventsOptions = {
  /** The stream's path (`/backoffice/events`, `/portal/events`) and query. */
  path: string;
  query?: Record<string, string>;
  /** The club whose events count; an event of another club is ignored. */
  companyId: string;
  /** The realm's session (the back office's unless given). */
  fetchWithSession?: typeof fetchWithSession;
  /** A booking, a cancellation or a block of the club changed this place's date. */
  onChange: (event: ClubEvent) => void;
  /** The stream is back after being down: events sent meanwhile are lost, so refetch all. */
  onReconnect: () => void;
};

/**
 * Follows a club's live events while mounted, reconnecting after a failure or the end of a
 * stream (a token expiring ends it) with a growing pause. Events are hints: the caller refetches
 * what they name.
 */
export function useLiveEvents(options: LiveEventsOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The callbacks change on every render; the stream is reopened only for another path or club.
  const latest = useRef(options);
  latest.current = options;
  const { path, companyId } = options;
  const queryKey = JSON.stringify(options.query ?? {});

  useEffect(() => {
    const controller = new AbortController();
    let failures = 0;
    let connectedBefore = false;

    const run = async () => {
      while (!controller.signal.aborted) {
        try {
          await readEventStream(path, {
            query: JSON.parse(queryKey) as Record<string, string>,
            signal: controller.signal,
            ...(latest.current.fetchWithSession
              ? { fetchWithSession: latest.current.fetchWithSession }
              : {}),
            onEvent: (event) => {
              if (event.name === 'ready') {
                failures = 0;
                setStatus('live');
                if (connectedBefore) latest.current.onReconnect();
                connectedBefore = true;
                return;
              }
              if (event.name !== 'change') return;
              const parsed = clubEventSchema.safeParse(JSON.parse(event.data));
              if (parsed.success && parsed.data.companyId === companyId)
                latest.current.onChange(parsed.data);
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
  }, [path, queryKey, companyId]);

  return status;
}
